//! A manuscript version as the files a delivery carries: Word (`.docx`, written by `docx-rs`)
//! and HTML, both from the document's outline (`doc::outline`: headings, paragraphs, lists,
//! quotes, images; bold, italic, links). Every text and attribute is escaped (HTML here,
//! XML by `docx-rs`); links keep only http(s) and mailto targets, images only http(s) and
//! same-site paths.

use docx_rs::{
    AbstractNumbering, Docx, Hyperlink, HyperlinkType, IndentLevel, Level, LevelJc, LevelOverride,
    LevelText, NumberFormat, Numbering, NumberingId, Paragraph, Run, RunFonts, SpecialIndentType,
    Start, Style, StyleType,
};

use crate::manuscripts::doc::{Node, Span};

pub const DOCX_CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
pub const HTML_CONTENT_TYPE: &str = "text/html";

/// A link target a delivered file keeps.
fn safe_link(href: &str) -> Option<&str> {
    let lower = href.trim().to_ascii_lowercase();
    (lower.starts_with("https://") || lower.starts_with("http://") || lower.starts_with("mailto:"))
        .then_some(href.trim())
}

/// An image source a delivered file keeps.
fn safe_image(src: &str) -> Option<&str> {
    let lower = src.trim().to_ascii_lowercase();
    (lower.starts_with("https://")
        || lower.starts_with("http://")
        || (lower.starts_with('/') && !lower.starts_with("//")))
    .then_some(src.trim())
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
pub fn html(title: &str, version: &str, nodes: &[Node]) -> String {
    let mut body = String::new();
    html_nodes(nodes, &mut body);
    format!(
        "<!DOCTYPE html>\n<html lang=\"ja\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}（{version}）</title>\n</head>\n<body>\n<article>\n{body}</article>\n</body>\n</html>\n",
        title = escape_html(title),
        version = escape_html(version),
    )
}

fn html_nodes(nodes: &[Node], out: &mut String) {
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
                html_items(items, out);
                out.push_str("</ul>\n");
            }
            Node::OrderedList { start, items } => {
                if *start == 1 {
                    out.push_str("<ol>\n");
                } else {
                    out.push_str(&format!("<ol start=\"{start}\">\n"));
                }
                html_items(items, out);
                out.push_str("</ol>\n");
            }
            Node::Quote(inner) => {
                out.push_str("<blockquote>\n");
                html_nodes(inner, out);
                out.push_str("</blockquote>\n");
            }
            Node::Image { src, alt } => {
                if let Some(src) = safe_image(src) {
                    out.push_str(&format!(
                        "<p><img src=\"{}\" alt=\"{}\"></p>\n",
                        escape_html(src),
                        escape_html(alt)
                    ));
                }
            }
        }
    }
}

fn html_items(items: &[Vec<Node>], out: &mut String) {
    for item in items {
        out.push_str("<li>");
        // A one-paragraph item stays on one line, as editors write it.
        match item.as_slice() {
            [Node::Paragraph(spans)] => html_spans(spans, out),
            blocks => {
                out.push('\n');
                html_nodes(blocks, out);
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

struct DocxWriter {
    docx: Docx,
    next_numbering: usize,
}

/// The Word file of a document.
pub fn docx(nodes: &[Node]) -> anyhow::Result<Vec<u8>> {
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
    };
    writer.blocks(nodes, None, 0);
    let mut bytes = std::io::Cursor::new(Vec::new());
    writer.docx.pack(&mut bytes)?;
    Ok(bytes.into_inner())
}

impl DocxWriter {
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
                    // Images stay where they are: the file says which one stood here.
                    let label = if alt.is_empty() { src } else { alt };
                    self.push(
                        Paragraph::new().add_run(Run::new().add_text(format!("［画像：{label}］"))),
                    );
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
