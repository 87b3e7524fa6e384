//! A manuscript version as the files a delivery carries: Word (`.docx`, written by `docx-rs`)
//! and HTML, both from the document's outline (`doc::outline`: headings, paragraphs, lists,
//! quotes, images; bold, italic, links). Every text and attribute is escaped (HTML here,
//! XML by `docx-rs`); links keep only http(s) and mailto targets. An image that is a file of
//! the manuscript (`images::load_embedded`) is embedded: in Word as a picture, in HTML as a
//! `data:` URL, so the delivered file shows it wherever it is opened; an http(s) image stays a
//! reference in HTML; anything else is left out of HTML and named in Word.

use std::collections::HashMap;

use base64::Engine;
use docx_rs::{
    AbstractNumbering, Docx, Hyperlink, HyperlinkType, IndentLevel, Level, LevelJc, LevelOverride,
    LevelText, NumberFormat, Numbering, NumberingId, Paragraph, Pic, Run, RunFonts,
    SpecialIndentType, Start, Style, StyleType,
};

use crate::manuscripts::doc::{Node, Span};
use crate::manuscripts::images::Embedded;

/// The images a document embeds, by their `src`.
pub type Images = HashMap<String, Embedded>;

pub const DOCX_CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
pub const HTML_CONTENT_TYPE: &str = "text/html";

/// A link target a delivered file keeps.
fn safe_link(href: &str) -> Option<&str> {
    let lower = href.trim().to_ascii_lowercase();
    (lower.starts_with("https://") || lower.starts_with("http://") || lower.starts_with("mailto:"))
        .then_some(href.trim())
}

/// An image address a delivered HTML file keeps as it is: http(s) only.
fn safe_image(src: &str) -> Option<&str> {
    let lower = src.trim().to_ascii_lowercase();
    (lower.starts_with("https://") || lower.starts_with("http://")).then_some(src.trim())
}

/// An embedded image as a `data:` URL (its type is one of `images::CONTENT_TYPES`, its bytes
/// base64: nothing in it needs escaping).
fn data_url(image: &Embedded) -> String {
    format!(
        "data:{};base64,{}",
        image.content_type,
        base64::engine::general_purpose::STANDARD.encode(&image.bytes)
    )
}

/// Text escaped for HTML content and attribute values.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A standalone HTML document of `title` (the manuscript's) at `version`.
pub fn html(title: &str, version: &str, nodes: &[Node], images: &Images) -> String {
    let mut body = String::new();
    html_nodes(nodes, images, &mut body);
    format!(
        "<!DOCTYPE html>\n<html lang=\"ja\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}（{version}）</title>\n</head>\n<body>\n<article>\n{body}</article>\n</body>\n</html>\n",
        title = escape_html(title),
        version = escape_html(version),
    )
}

fn html_nodes(nodes: &[Node], images: &Images, out: &mut String) {
    for node in nodes {
        match node {
            Node::Heading { level, spans } => {
                out.push_str(&format!("<h{level}>"));
                html_spans(spans, out);
                out.push_str(&format!("</h{level}>\n"));
            }
            Node::Paragraph(spans) => {
                out.push_str("<p>");
                html_spans(spans, out);
                out.push_str("</p>\n");
            }
            Node::BulletList(items) => {
                out.push_str("<ul>\n");
                html_items(items, images, out);
                out.push_str("</ul>\n");
            }
            Node::OrderedList { start, items } => {
                if *start == 1 {
                    out.push_str("<ol>\n");
                } else {
                    out.push_str(&format!("<ol start=\"{start}\">\n"));
                }
                html_items(items, images, out);
                out.push_str("</ol>\n");
            }
            Node::Quote(inner) => {
                out.push_str("<blockquote>\n");
                html_nodes(inner, images, out);
                out.push_str("</blockquote>\n");
            }
            Node::Image { src, alt } => {
                let shown = match images.get(src) {
                    Some(image) => Some(data_url(image)),
                    None => safe_image(src).map(escape_html),
                };
                if let Some(src) = shown {
                    out.push_str(&format!(
                        "<p><img src=\"{src}\" alt=\"{}\"></p>\n",
                        escape_html(alt)
                    ));
                }
            }
        }
    }
}

fn html_items(items: &[Vec<Node>], images: &Images, out: &mut String) {
    for item in items {
        out.push_str("<li>");
        // A one-paragraph item stays on one line, as editors write it.
        match item.as_slice() {
            [Node::Paragraph(spans)] => html_spans(spans, out),
            blocks => {
                out.push('\n');
                html_nodes(blocks, images, out);
            }
        }
        out.push_str("</li>\n");
    }
}

fn html_spans(spans: &[Span], out: &mut String) {
    for span in spans {
        let mut text = escape_html(&span.text);
        if span.italic {
            text = format!("<em>{text}</em>");
        }
        if span.bold {
            text = format!("<strong>{text}</strong>");
        }
        if let Some(href) = span.link.as_deref().and_then(safe_link) {
            text = format!(
                "<a href=\"{}\" rel=\"noopener noreferrer\">{text}</a>",
                escape_html(href)
            );
        }
        out.push_str(&text);
    }
}

const BULLETS: usize = 2;
const DECIMALS: usize = 3;
/// Indentation per list level, in twentieths of a point.
const LIST_INDENT: i32 = 420;

/// The numbering definitions: bullets and decimals at nine levels.
fn list_definition(id: usize, bullet: bool) -> AbstractNumbering {
    let mut abstract_numbering = AbstractNumbering::new(id);
    for level in 0..9 {
        let (format, text) = if bullet {
            ("bullet", "・".to_string())
        } else {
            ("decimal", format!("%{}.", level + 1))
        };
        abstract_numbering = abstract_numbering.add_level(
            Level::new(
                level,
                Start::new(1),
                NumberFormat::new(format),
                LevelText::new(text),
                LevelJc::new("left"),
            )
            .indent(
                Some(LIST_INDENT * (level as i32 + 1)),
                Some(SpecialIndentType::Hanging(LIST_INDENT)),
                None,
                None,
            ),
        );
    }
    abstract_numbering
}

struct DocxWriter<'a> {
    docx: Docx,
    next_numbering: usize,
    images: &'a Images,
}

/// The widest an embedded picture is drawn, in EMU: 15 cm, within the page's text width.
const PICTURE_MAX_WIDTH_EMU: u64 = 15 * 360_000;
/// EMU per pixel at 96 dpi.
const EMU_PER_PIXEL: u64 = 9_525;

/// A picture's drawn size in EMU: its pixels at 96 dpi, scaled down to the text width.
fn picture_size(width: u32, height: u32) -> (u32, u32) {
    let (w, h) = (
        u64::from(width.max(1)) * EMU_PER_PIXEL,
        u64::from(height.max(1)) * EMU_PER_PIXEL,
    );
    let (w, h) = if w > PICTURE_MAX_WIDTH_EMU {
        (
            PICTURE_MAX_WIDTH_EMU,
            (h * PICTURE_MAX_WIDTH_EMU / w).max(1),
        )
    } else {
        (w, h)
    };
    (
        u32::try_from(w).unwrap_or(u32::MAX),
        u32::try_from(h).unwrap_or(u32::MAX),
    )
}

/// The Word file of a document; `images` are embedded where the document shows them.
pub fn docx(nodes: &[Node], images: &Images) -> anyhow::Result<Vec<u8>> {
    let docx = Docx::new()
        .default_fonts(
            RunFonts::new()
                .east_asia("游明朝")
                .ascii("Century")
                .hi_ansi("Century"),
        )
        .default_size(21)
        .add_style(
            Style::new("Heading1", StyleType::Paragraph)
                .name("heading 1")
                .bold()
                .size(32),
        )
        .add_style(
            Style::new("Heading2", StyleType::Paragraph)
                .name("heading 2")
                .bold()
                .size(28),
        )
        .add_style(
            Style::new("Heading3", StyleType::Paragraph)
                .name("heading 3")
                .bold()
                .size(24),
        )
        .add_style(
            Style::new("Quote", StyleType::Paragraph)
                .name("Quote")
                .color("555555")
                .indent(Some(LIST_INDENT), None, None, None),
        )
        .add_abstract_numbering(list_definition(BULLETS, true))
        .add_abstract_numbering(list_definition(DECIMALS, false));
    let mut writer = DocxWriter {
        docx,
        // 1 is docx-rs' own default numbering.
        next_numbering: 2,
        images,
    };
    writer.blocks(nodes, None, 0);
    let mut bytes = std::io::Cursor::new(Vec::new());
    writer.docx.pack(&mut bytes)?;
    Ok(bytes.into_inner())
}

impl DocxWriter<'_> {
    fn numbering(&mut self, bullet: bool, start: u32) -> usize {
        let id = self.next_numbering;
        self.next_numbering += 1;
        let abstract_id = if bullet { BULLETS } else { DECIMALS };
        // A numbering of its own per list, so each ordered list counts from its start.
        let numbering = Numbering::new(id, abstract_id)
            .add_override(LevelOverride::new(0).start(start as usize));
        let docx = std::mem::take(&mut self.docx);
        self.docx = docx.add_numbering(numbering);
        id
    }

    fn push(&mut self, paragraph: Paragraph) {
        let docx = std::mem::take(&mut self.docx);
        self.docx = docx.add_paragraph(paragraph);
    }

    /// Writes `nodes`; `quote` sets the quote style, `depth` is the list nesting.
    fn blocks(&mut self, nodes: &[Node], quote: Option<&str>, depth: usize) {
        for node in nodes {
            match node {
                Node::Heading { level, spans } => {
                    let style = format!("Heading{level}");
                    self.push(runs(Paragraph::new().style(&style), spans));
                }
                Node::Paragraph(spans) => {
                    let mut paragraph = Paragraph::new();
                    if let Some(style) = quote {
                        paragraph = paragraph.style(style);
                    }
                    self.push(runs(paragraph, spans));
                }
                Node::BulletList(items) => self.list(items, true, 1, quote, depth),
                Node::OrderedList { start, items } => self.list(items, false, *start, quote, depth),
                Node::Quote(inner) => self.blocks(inner, Some("Quote"), depth),
                Node::Image { src, alt } => {
                    let images = self.images;
                    let picture = images.get(src).and_then(|image| image.png.as_ref());
                    if let Some((png, width, height)) = picture {
                        let (w, h) = picture_size(*width, *height);
                        let pic = Pic::new_with_dimensions(png.clone(), *width, *height).size(w, h);
                        self.push(Paragraph::new().add_run(Run::new().add_image(pic)));
                    } else {
                        // An image that is not embedded stays where it was: the file says which.
                        let label = if alt.is_empty() { src } else { alt };
                        self.push(
                            Paragraph::new()
                                .add_run(Run::new().add_text(format!("［画像：{label}］"))),
                        );
                    }
                }
            }
        }
    }

    fn list(
        &mut self,
        items: &[Vec<Node>],
        bullet: bool,
        start: u32,
        quote: Option<&str>,
        depth: usize,
    ) {
        let id = self.numbering(bullet, start);
        for item in items {
            let mut numbered = false;
            for block in item {
                match block {
                    // The item's first paragraph carries its bullet or number; later ones
                    // stand indented under it.
                    Node::Paragraph(spans) | Node::Heading { spans, .. } => {
                        let mut paragraph = Paragraph::new();
                        if let Some(style) = quote {
                            paragraph = paragraph.style(style);
                        }
                        paragraph = if numbered {
                            paragraph.indent(
                                Some(LIST_INDENT * (depth as i32 + 1)),
                                None,
                                None,
                                None,
                            )
                        } else {
                            numbered = true;
                            paragraph.numbering(NumberingId::new(id), IndentLevel::new(depth))
                        };
                        self.push(runs(paragraph, spans));
                    }
                    Node::BulletList(inner) => self.list(inner, true, 1, quote, (depth + 1).min(8)),
                    Node::OrderedList { start, items } => {
                        self.list(items, false, *start, quote, (depth + 1).min(8))
                    }
                    other => self.blocks(std::slice::from_ref(other), quote, depth),
                }
            }
        }
    }
}

fn runs(mut paragraph: Paragraph, spans: &[Span]) -> Paragraph {
    for span in spans {
        let mut run = Run::new().add_text(span.text.as_str());
        if span.bold {
            run = run.bold();
        }
        if span.italic {
            run = run.italic();
        }
        paragraph = match span.link.as_deref().and_then(safe_link) {
            Some(href) => paragraph.add_hyperlink(
                Hyperlink::new(href, HyperlinkType::External)
                    .add_run(run.color("0563C1").underline("single")),
            ),
            None => paragraph.add_run(run),
        };
    }
    paragraph
}
