//! A creator's statements as files: a spreadsheet (rust_xlsxwriter) and a PDF in Japanese
//! (krilla, with the configured CJK font embedded as a subset). Both are drawn from the same
//! `statement` values the page shows, so the figures cannot differ.

use std::path::Path;
use std::sync::{Arc, Mutex};

use krilla::Document;
use krilla::geom::{PathBuilder, Point};
use krilla::page::PageSettings;
use krilla::paint::Stroke;
use krilla::text::{Font, TextDirection};
use rust_xlsxwriter::{Format, Workbook};

use crate::money::rewards::statement::{MonthStatement, YearStatement};
use crate::money::rewards::tax::Figures;
use crate::platform::error::{AppError, AppResult};
use crate::work::tasks::task_type::label as task_type_label;

/// A yen amount as a statement prints it: `1,234,567円`.
pub fn yen(amount: i64) -> String {
    let digits = amount.unsigned_abs().to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("{}{grouped}円", if amount < 0 { "−" } else { "" })
}

/// The rows of figures every statement states, labelled in Japanese.
fn figure_rows(f: &Figures, tax_label: String, withholding_label: String) -> Vec<(String, i64)> {
    let mut rows = vec![
        ("報酬小計（税抜）".to_string(), f.subtotal_reward_amount),
        (tax_label, f.consumption_tax),
        (withholding_label, -f.withholding_tax),
    ];
    if f.usage_fee > 0 {
        rows.push(("利用料".into(), -f.usage_fee));
    }
    rows.push(("お振込金額".into(), f.total_reward_amount));
    rows
}

fn month_figure_rows(s: &MonthStatement) -> Vec<(String, i64)> {
    let withholding = match s.reduced_withholding_rate {
        Some(rate) => format!("源泉徴収税（軽減税率 {}%）", rate.to_percent_string()),
        None => "源泉徴収税".into(),
    };
    figure_rows(
        &s.figures,
        format!("消費税（{}%）", s.consumption_tax_rate.to_percent_string()),
        withholding,
    )
}

fn state_label(confirmed: bool) -> &'static str {
    if confirmed {
        "確定"
    } else {
        "未確定・見込み"
    }
}

// ---------------------------------------------------------------- spreadsheet

fn xlsx_error(error: rust_xlsxwriter::XlsxError) -> AppError {
    AppError::Internal(anyhow::anyhow!("spreadsheet: {error}"))
}

/// The month's statement as a workbook: the figures, then one row per task.
pub fn month_xlsx(s: &MonthStatement) -> AppResult<Vec<u8>> {
    let mut book = Workbook::new();
    let bold = Format::new().set_bold();
    let money = Format::new().set_num_format("#,##0\"円\"");
    let sheet = book.add_worksheet();
    sheet
        .set_name(format!("{}年{}月", s.year, s.month))
        .map_err(xlsx_error)?;
    sheet.set_column_width(0, 14).map_err(xlsx_error)?;
    sheet.set_column_width(1, 22).map_err(xlsx_error)?;
    sheet.set_column_width(2, 40).map_err(xlsx_error)?;
    sheet.set_column_width(3, 16).map_err(xlsx_error)?;
    sheet.set_column_width(4, 16).map_err(xlsx_error)?;
    sheet
        .write_string_with_format(
            0,
            0,
            format!("{}年{}月 報酬支払明細", s.year, s.month),
            &bold,
        )
        .map_err(xlsx_error)?;
    sheet
        .write_string(
            1,
            0,
            format!(
                "{} 様（{}）",
                s.payee_name,
                state_label(s.confirmed_at.is_some())
            ),
        )
        .map_err(xlsx_error)?;
    let mut row = 3;
    for (label, amount) in month_figure_rows(s) {
        sheet.write_string(row, 0, label).map_err(xlsx_error)?;
        // Yen are whole numbers far below 2^53, so the cell's number holds them exactly.
        sheet
            .write_number_with_format(row, 1, amount as f64, &money)
            .map_err(xlsx_error)?;
        row += 1;
    }
    row += 1;
    for (col, title) in ["完了日", "媒体", "タスク", "種別", "報酬（税抜）"]
        .iter()
        .enumerate()
    {
        sheet
            .write_string_with_format(row, col as u16, *title, &bold)
            .map_err(xlsx_error)?;
    }
    for line in &s.lines {
        row += 1;
        let date = line
            .completed_date
            .map(|d| d.format("%Y/%-m/%-d").to_string())
            .unwrap_or_default();
        sheet.write_string(row, 0, date).map_err(xlsx_error)?;
        sheet
            .write_string(row, 1, &line.media_name)
            .map_err(xlsx_error)?;
        sheet
            .write_string(row, 2, &line.title)
            .map_err(xlsx_error)?;
        sheet
            .write_string(row, 3, task_type_label(&line.task_type))
            .map_err(xlsx_error)?;
        sheet
            .write_number_with_format(row, 4, line.reward_amount as f64, &money)
            .map_err(xlsx_error)?;
    }
    book.save_to_buffer().map_err(xlsx_error)
}

/// The year's statement as a workbook: one row per month and the sums.
pub fn year_xlsx(s: &YearStatement) -> AppResult<Vec<u8>> {
    let mut book = Workbook::new();
    let bold = Format::new().set_bold();
    let money = Format::new().set_num_format("#,##0\"円\"");
    let sheet = book.add_worksheet();
    sheet
        .set_name(format!("{}年", s.year))
        .map_err(xlsx_error)?;
    for col in 0..8 {
        sheet.set_column_width(col, 16).map_err(xlsx_error)?;
    }
    sheet
        .write_string_with_format(0, 0, format!("{}年 年間報酬明細", s.year), &bold)
        .map_err(xlsx_error)?;
    sheet
        .write_string(1, 0, format!("{} 様", s.payee_name))
        .map_err(xlsx_error)?;
    let header = [
        "月",
        "件数",
        "報酬（税抜）",
        "消費税",
        "源泉徴収税",
        "利用料",
        "お振込金額",
        "状態",
    ];
    for (col, title) in header.iter().enumerate() {
        sheet
            .write_string_with_format(3, col as u16, *title, &bold)
            .map_err(xlsx_error)?;
    }
    let mut row = 3;
    let mut write_figures = |row: u32, f: &Figures| -> AppResult<()> {
        for (col, amount) in [
            f.subtotal_reward_amount,
            f.consumption_tax,
            f.withholding_tax,
            f.usage_fee,
            f.total_reward_amount,
        ]
        .into_iter()
        .enumerate()
        {
            sheet
                .write_number_with_format(row, col as u16 + 2, amount as f64, &money)
                .map_err(xlsx_error)?;
        }
        Ok(())
    };
    for m in &s.months {
        row += 1;
        write_figures(row, &m.figures)?;
    }
    row += 1;
    write_figures(row, &s.sums)?;
    for (i, m) in s.months.iter().enumerate() {
        let r = 4 + i as u32;
        sheet
            .write_string(r, 0, format!("{}月", m.month))
            .map_err(xlsx_error)?;
        sheet
            .write_number(r, 1, m.task_count as f64)
            .map_err(xlsx_error)?;
        sheet
            .write_string(r, 7, state_label(m.is_confirmed))
            .map_err(xlsx_error)?;
    }
    sheet
        .write_string_with_format(row, 0, "合計", &bold)
        .map_err(xlsx_error)?;
    book.save_to_buffer().map_err(xlsx_error)
}

// ---------------------------------------------------------------- PDF

/// The font, read once per path (the file is large; a statement embeds only its subset).
fn font(path: &Path) -> AppResult<Font> {
    static LOADED: Mutex<Option<(std::path::PathBuf, Font)>> = Mutex::new(None);
    let mut loaded = LOADED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((loaded_path, font)) = loaded.as_ref()
        && loaded_path == path
    {
        return Ok(font.clone());
    }
    let bytes = std::fs::read(path).map_err(|error| {
        tracing::error!(path = %path.display(), %error, "the PDF font cannot be read (PDF_FONT_PATH)");
        AppError::Unavailable
    })?;
    let font = Font::new(Arc::new(bytes).into(), 0).ok_or_else(|| {
        tracing::error!(path = %path.display(), "the PDF font is not a usable font file");
        AppError::Unavailable
    })?;
    *loaded = Some((path.to_path_buf(), font.clone()));
    Ok(font)
}

/// A4 in points, and the page's margins and line height.
const PAGE_W: f32 = 595.0;
const PAGE_H: f32 = 842.0;
const MARGIN: f32 = 48.0;
const LINE: f32 = 18.0;

/// Lays out lines of text on A4 pages, starting a page when one is full.
struct Pages {
    document: Document,
    font: Font,
    /// The text and rules of the pages so far: `(page, drawing)`.
    drawings: Vec<Vec<Drawing>>,
    y: f32,
}

enum Drawing {
    Text {
        x: f32,
        y: f32,
        size: f32,
        text: String,
    },
    Rule {
        y: f32,
    },
}

impl Pages {
    fn new(font: Font) -> Self {
        Self {
            document: Document::new(),
            font,
            drawings: vec![Vec::new()],
            y: MARGIN,
        }
    }

    fn ensure_room(&mut self, height: f32) {
        if self.y + height > PAGE_H - MARGIN {
            self.drawings.push(Vec::new());
            self.y = MARGIN;
        }
    }

    fn text(&mut self, x: f32, size: f32, text: impl Into<String>) {
        let y = self.y + size;
        self.drawings
            .last_mut()
            .expect("a page")
            .push(Drawing::Text {
                x,
                y,
                size,
                text: text.into(),
            });
    }

    /// `text` ending at `right` (an estimate from Noto Sans CJK's advances: digits and
    /// punctuation half an em, everything else a full em).
    fn text_right(&mut self, right: f32, size: f32, text: &str) {
        let width: f32 = text
            .chars()
            .map(|c| match c {
                '0'..='9' => 0.553,
                ',' | '.' => 0.275,
                ' ' => 0.224,
                c if c.is_ascii() => 0.55,
                _ => 1.0,
            })
            .sum::<f32>()
            * size;
        self.text(right - width, size, text);
    }

    fn rule(&mut self) {
        let y = self.y + 4.0;
        self.drawings
            .last_mut()
            .expect("a page")
            .push(Drawing::Rule { y });
        self.y += 8.0;
    }

    fn advance(&mut self, height: f32) {
        self.y += height;
    }

    fn finish(mut self) -> AppResult<Vec<u8>> {
        let total = self.drawings.len();
        for (index, drawings) in self.drawings.into_iter().enumerate() {
            let settings = PageSettings::from_wh(PAGE_W, PAGE_H).expect("A4 is a valid page");
            let mut page = self.document.start_page_with(settings);
            let mut surface = page.surface();
            for drawing in drawings {
                match drawing {
                    Drawing::Text { x, y, size, text } => surface.draw_text(
                        Point::from_xy(x, y),
                        self.font.clone(),
                        size,
                        &text,
                        false,
                        TextDirection::Auto,
                    ),
                    Drawing::Rule { y } => {
                        let mut path = PathBuilder::new();
                        path.move_to(MARGIN, y);
                        path.line_to(PAGE_W - MARGIN, y);
                        if let Some(path) = path.finish() {
                            surface.set_stroke(Some(Stroke {
                                width: 0.5,
                                ..Default::default()
                            }));
                            surface.draw_path(&path);
                            surface.set_stroke(None);
                        }
                    }
                }
            }
            if total > 1 {
                let label = format!("{} / {}", index + 1, total);
                surface.draw_text(
                    Point::from_xy(PAGE_W / 2.0 - 12.0, PAGE_H - MARGIN / 2.0),
                    self.font.clone(),
                    8.0,
                    &label,
                    false,
                    TextDirection::Auto,
                );
            }
            surface.finish();
            page.finish();
        }
        self.document
            .finish()
            .map_err(|error| AppError::Internal(anyhow::anyhow!("PDF: {error:?}")))
    }
}

const RIGHT: f32 = PAGE_W - MARGIN;

fn heading(pages: &mut Pages, title: &str, payee_name: &str, state: &str, issuer: &str) {
    pages.text(MARGIN, 18.0, title);
    pages.advance(30.0);
    pages.text(MARGIN, 12.0, format!("{payee_name} 様"));
    pages.text_right(RIGHT, 10.0, issuer);
    pages.advance(LINE);
    pages.text(MARGIN, 9.0, state);
    pages.advance(LINE + 6.0);
}

fn figures_block(pages: &mut Pages, rows: Vec<(String, i64)>) {
    let last = rows.len() - 1;
    for (i, (label, amount)) in rows.into_iter().enumerate() {
        if i == last {
            pages.rule();
        }
        let size = if i == last { 13.0 } else { 11.0 };
        pages.text(MARGIN, size, label);
        pages.text_right(MARGIN + 300.0, size, &yen(amount));
        pages.advance(LINE + if i == last { 4.0 } else { 0.0 });
    }
    pages.advance(LINE);
}

/// The month's statement as a PDF in Japanese.
pub fn month_pdf(s: &MonthStatement, font_path: &Path, issuer: &str) -> AppResult<Vec<u8>> {
    let mut pages = Pages::new(font(font_path)?);
    heading(
        &mut pages,
        &format!("{}年{}月 報酬支払明細書", s.year, s.month),
        &s.payee_name,
        &match s.confirmed_at {
            Some(at) => format!(
                "確定日 {}",
                crate::platform::clock::tokyo_date(at).format("%Y/%-m/%-d")
            ),
            None => "未確定（この明細は見込みです）".into(),
        },
        issuer,
    );
    figures_block(&mut pages, month_figure_rows(s));
    pages.text(
        MARGIN,
        10.0,
        format!("完了したタスク（{}件）", s.lines.len()),
    );
    pages.advance(LINE);
    pages.rule();
    for line in &s.lines {
        pages.ensure_room(LINE);
        let date = line
            .completed_date
            .map(|d| d.format("%Y/%-m/%-d").to_string())
            .unwrap_or_default();
        pages.text(MARGIN, 9.0, date);
        pages.text(MARGIN + 64.0, 9.0, clip(&line.media_name, 10));
        pages.text(MARGIN + 170.0, 9.0, clip(&line.title, 24));
        pages.text_right(RIGHT, 9.0, &yen(line.reward_amount));
        pages.advance(LINE);
    }
    pages.finish()
}

/// The year's statement as a PDF: each month and the sums (the figures of a 支払調書).
pub fn year_pdf(s: &YearStatement, font_path: &Path, issuer: &str) -> AppResult<Vec<u8>> {
    let mut pages = Pages::new(font(font_path)?);
    heading(
        &mut pages,
        &format!("{}年 年間報酬明細書", s.year),
        &s.payee_name,
        "未確定の月は見込みの金額です",
        issuer,
    );
    figures_block(
        &mut pages,
        figure_rows(&s.sums, "消費税".into(), "源泉徴収税額".into()),
    );
    let columns = [
        ("報酬（税抜）", 250.0),
        ("源泉徴収税", 350.0),
        ("お振込金額", RIGHT),
    ];
    pages.text(MARGIN, 9.0, "月");
    for (title, right) in columns {
        pages.text_right(right, 9.0, title);
    }
    pages.advance(LINE);
    pages.rule();
    for m in &s.months {
        pages.text(
            MARGIN,
            9.0,
            format!(
                "{}月（{}件）{}",
                m.month,
                m.task_count,
                if m.is_confirmed { "" } else { " 未確定" }
            ),
        );
        for ((_, right), amount) in columns.iter().zip([
            m.figures.subtotal_reward_amount,
            m.figures.withholding_tax,
            m.figures.total_reward_amount,
        ]) {
            pages.text_right(*right, 9.0, &yen(amount));
        }
        pages.advance(LINE);
    }
    pages.finish()
}

/// At most `chars` characters, with an ellipsis when cut.
fn clip(text: &str, chars: usize) -> String {
    if text.chars().count() <= chars {
        text.to_string()
    } else {
        text.chars().take(chars - 1).chain(['…']).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yen_groups_thousands() {
        assert_eq!(yen(0), "0円");
        assert_eq!(yen(999), "999円");
        assert_eq!(yen(1_000), "1,000円");
        assert_eq!(yen(1_177_060), "1,177,060円");
        assert_eq!(yen(-142_940), "−142,940円");
    }

    #[test]
    fn long_titles_are_clipped() {
        assert_eq!(clip("短い", 5), "短い");
        assert_eq!(clip("とても長いタスクの名前", 5), "とても長…");
    }
}
