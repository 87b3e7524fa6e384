//! Task spreadsheets: the three .xlsx templates (regular, operation agency, update tags) and
//! reading a filled one back into rows. Every bad cell is named by its column letter and row
//! number (`C4`) with a Japanese message; the caller writes nothing unless there are none.

use std::collections::BTreeMap;
use std::io::Cursor;

use calamine::{Data, Range, Reader, Xlsx, open_workbook_from_rs};
use chrono::NaiveDate;
use rust_xlsxwriter::{DataValidation, Format, Workbook};

use crate::work::tasks::task_type::{self, TASK_TYPES};
use crate::work::tasks::write::{
    CheckedFields, REWARD_MAX, TAG_MAX, TAGS_MAX, TITLE_MAX, split_tags,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SheetKind {
    Regular,
    OperationAgency,
    UpdateTags,
}

/// What a column holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    TaskId,
    Type,
    Title,
    DueDate,
    Reward,
    Quantity,
    Assignees,
    Tags,
}

impl Field {
    fn header(self) -> &'static str {
        match self {
            Field::TaskId => "タスクID（更新時のみ）",
            Field::Type => "作業種別",
            Field::Title => "タイトル",
            Field::DueDate => "納期（YYYY-MM-DD）",
            Field::Reward => "報酬（円）",
            Field::Quantity => "数量",
            Field::Assignees => "担当クリエイターのユーザーID（カンマ区切り）",
            Field::Tags => "タグ（カンマ区切り）",
        }
    }
}

impl SheetKind {
    pub fn parse(value: &str) -> Option<Self> {
        match value {
            "regular" => Some(SheetKind::Regular),
            "operation_agency" => Some(SheetKind::OperationAgency),
            "update_tags" => Some(SheetKind::UpdateTags),
            _ => None,
        }
    }

    pub fn file_name(self) -> &'static str {
        match self {
            SheetKind::Regular => "タスク一括登録テンプレート.xlsx",
            SheetKind::OperationAgency => "運用代行タスク一括登録テンプレート.xlsx",
            SheetKind::UpdateTags => "タグ一括更新テンプレート.xlsx",
        }
    }

    fn fields(self) -> &'static [Field] {
        match self {
            SheetKind::Regular => &[
                Field::TaskId,
                Field::Type,
                Field::Title,
                Field::DueDate,
                Field::Reward,
                Field::Assignees,
                Field::Tags,
            ],
            SheetKind::OperationAgency => &[
                Field::TaskId,
                Field::Type,
                Field::Title,
                Field::DueDate,
                Field::Quantity,
                Field::Assignees,
                Field::Tags,
            ],
            SheetKind::UpdateTags => &[Field::TaskId, Field::Tags],
        }
    }
}

/// Column letters of a 0-based column index: 0 → A, 25 → Z, 26 → AA, 701 → ZZ, 702 → AAA.
pub fn column_letters(index: u32) -> String {
    let mut n = index as u64 + 1;
    let mut letters = Vec::new();
    while n > 0 {
        let rem = ((n - 1) % 26) as u8;
        letters.push((b'A' + rem) as char);
        n = (n - 1) / 26;
    }
    letters.iter().rev().collect()
}

/// `C4` for 0-based row 3, column 2.
pub fn cell_name(row: u32, column: u32) -> String {
    format!("{}{}", column_letters(column), row + 1)
}

/// The empty template of `kind`: a bold header row, frozen, with a list of work types.
pub fn template(kind: SheetKind) -> Result<Vec<u8>, rust_xlsxwriter::XlsxError> {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.set_name("タスク")?;
    let bold = Format::new().set_bold();
    for (column, field) in kind.fields().iter().enumerate() {
        let column = column as u16;
        sheet.write_string_with_format(0, column, field.header(), &bold)?;
        sheet.set_column_width(column, if *field == Field::Title { 40 } else { 22 })?;
        if *field == Field::Type {
            let labels: Vec<&str> = TASK_TYPES.iter().map(|(_, label)| *label).collect();
            let list = DataValidation::new().allow_list_strings(&labels)?;
            sheet.add_data_validation(1, column, 1000, column, &list)?;
        }
    }
    sheet.set_freeze_panes(1, 0)?;
    workbook.save_to_buffer()
}

/// One filled row, its cells checked one by one.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SheetRow {
    /// 0-based row index in the sheet (the header is row 0).
    pub row: u32,
    pub task_id: Option<i64>,
    pub fields: CheckedFields,
    pub quantity: Option<i64>,
    pub assignee_ids: Vec<i64>,
}

impl SheetRow {
    /// The cell of this row holding `field`, for errors found later (in the database).
    pub fn cell_of(&self, kind: SheetKind, field: &str) -> String {
        let wanted = match field {
            "task_id" => Field::TaskId,
            "type" => Field::Type,
            "assignees" => Field::Assignees,
            "quantity" => Field::Quantity,
            _ => Field::Title,
        };
        let column = kind.fields().iter().position(|f| *f == wanted).unwrap_or(0);
        cell_name(self.row, column as u32)
    }
}

/// Cell name → Japanese messages.
pub type CellErrors = BTreeMap<String, Vec<String>>;

#[derive(Debug)]
pub enum SheetError {
    /// Not an .xlsx file, or no sheet in it.
    Unreadable,
    Cells(CellErrors),
}

fn text(cell: Option<&Data>) -> String {
    match cell {
        None | Some(Data::Empty) | Some(Data::Error(_)) => String::new(),
        Some(Data::String(s)) | Some(Data::DateTimeIso(s)) | Some(Data::DurationIso(s)) => {
            s.trim().to_owned()
        }
        Some(Data::Int(i)) => i.to_string(),
        Some(Data::Float(f)) if f.fract() == 0.0 && f.abs() < 1e15 => (*f as i64).to_string(),
        Some(Data::Float(f)) => f.to_string(),
        Some(Data::Bool(b)) => b.to_string(),
        Some(Data::DateTime(d)) => d
            .as_datetime()
            .map(|d| d.date().to_string())
            .unwrap_or_default(),
    }
}

fn integer(cell: Option<&Data>) -> Result<Option<i64>, ()> {
    match cell {
        Some(Data::Int(i)) => Ok(Some(*i)),
        Some(Data::Float(f)) if f.fract() == 0.0 && f.abs() < 1e15 => Ok(Some(*f as i64)),
        other => {
            let value = text(other).replace([',', '，'], "");
            if value.is_empty() {
                Ok(None)
            } else {
                value.parse().map(Some).map_err(|_| ())
            }
        }
    }
}

fn date(cell: Option<&Data>) -> Result<Option<NaiveDate>, ()> {
    if let Some(Data::DateTime(d)) = cell {
        return d.as_datetime().map(|d| Some(d.date())).ok_or(());
    }
    let value = text(cell);
    if value.is_empty() {
        return Ok(None);
    }
    NaiveDate::parse_from_str(&value, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(&value, "%Y/%m/%d"))
        .map(Some)
        .map_err(|_| ())
}

/// Reads every non-empty row under the header of the first sheet; any bad cell refuses all.
pub fn read(kind: SheetKind, bytes: &[u8]) -> Result<Vec<SheetRow>, SheetError> {
    let (rows, errors) = read_lenient(kind, bytes)?;
    if errors.is_empty() {
        Ok(rows)
    } else {
        Err(SheetError::Cells(errors))
    }
}

/// Every non-empty row (bad cells left unset) and the bad cells, so that checks against the
/// database can add theirs and the person sees every problem at once.
pub fn read_lenient(
    kind: SheetKind,
    bytes: &[u8],
) -> Result<(Vec<SheetRow>, CellErrors), SheetError> {
    let mut workbook: Xlsx<_> =
        open_workbook_from_rs(Cursor::new(bytes)).map_err(|_| SheetError::Unreadable)?;
    let range = workbook
        .worksheet_range_at(0)
        .ok_or(SheetError::Unreadable)?
        .map_err(|_| SheetError::Unreadable)?;
    Ok(read_range(kind, &range))
}

fn read_range(kind: SheetKind, range: &Range<Data>) -> (Vec<SheetRow>, CellErrors) {
    let mut errors = CellErrors::new();
    let mut rows = Vec::new();
    let last_row = range.end().map(|(row, _)| row).unwrap_or(0);
    let fields = kind.fields();
    for row in 1..=last_row {
        let cells: Vec<Option<&Data>> = (0..fields.len() as u32)
            .map(|column| range.get_value((row, column)))
            .collect();
        if cells.iter().all(|c| text(*c).is_empty()) {
            continue;
        }
        let mut fail = |column: usize, message: String| {
            errors
                .entry(cell_name(row, column as u32))
                .or_default()
                .push(message);
        };
        let mut parsed = SheetRow {
            row,
            ..Default::default()
        };
        for (column, field) in fields.iter().enumerate() {
            let cell = cells[column];
            match field {
                Field::TaskId => match integer(cell) {
                    Ok(Some(id)) if id > 0 => parsed.task_id = Some(id),
                    Ok(None) if kind != SheetKind::UpdateTags => {}
                    Ok(None) => fail(column, "タスクIDを入力してください".into()),
                    _ => fail(column, "タスクIDは数値で入力してください".into()),
                },
                Field::Type => {
                    let value = text(cell);
                    if value.is_empty() {
                        continue;
                    }
                    match task_type::parse(&value) {
                        Some(name) => parsed.fields.task_type = Some(name),
                        None => fail(column, format!("作業種別「{value}」は選択肢にありません")),
                    }
                }
                Field::Title => {
                    let value = text(cell);
                    if value.chars().count() > TITLE_MAX {
                        fail(
                            column,
                            format!("タイトルは{TITLE_MAX}文字以内で入力してください"),
                        );
                    } else if !value.is_empty() {
                        parsed.fields.title = Some(value);
                    }
                }
                Field::DueDate => match date(cell) {
                    Ok(due) => parsed.fields.due_date = due.map(Some),
                    Err(()) => fail(
                        column,
                        "納期は YYYY-MM-DD の形式の日付で入力してください".into(),
                    ),
                },
                Field::Reward => match integer(cell) {
                    Ok(Some(reward)) if (0..=REWARD_MAX).contains(&reward) => {
                        parsed.fields.reward_amount = Some(reward)
                    }
                    Ok(None) => {}
                    _ => fail(
                        column,
                        format!("報酬は0から{REWARD_MAX}までの整数で入力してください"),
                    ),
                },
                Field::Quantity => match integer(cell) {
                    Ok(Some(quantity)) if (1..=10_000).contains(&quantity) => {
                        parsed.quantity = Some(quantity)
                    }
                    Ok(None) => {}
                    _ => fail(
                        column,
                        "数量は1から10000までの整数で入力してください".into(),
                    ),
                },
                Field::Assignees => {
                    for id in split_tags(&text(cell)) {
                        match id.parse::<i64>() {
                            Ok(id) if id > 0 => parsed.assignee_ids.push(id),
                            _ => fail(column, format!("ユーザーID「{id}」は数値ではありません")),
                        }
                    }
                }
                Field::Tags => {
                    let tags = split_tags(&text(cell));
                    if tags.len() > TAGS_MAX {
                        fail(column, format!("タグは{TAGS_MAX}個までです"));
                    } else if tags.iter().any(|t| t.chars().count() > TAG_MAX) {
                        fail(
                            column,
                            format!("タグは1つ{TAG_MAX}文字以内で入力してください"),
                        );
                    } else {
                        parsed.fields.tags = Some(tags);
                    }
                }
            }
        }
        // A new task needs its type and title (and a quantity for operation agency works).
        if parsed.task_id.is_none() && kind != SheetKind::UpdateTags {
            for (column, field) in fields.iter().enumerate() {
                let missing = match field {
                    Field::Type => {
                        parsed.fields.task_type.is_none() && text(cells[column]).is_empty()
                    }
                    Field::Title => parsed.fields.title.is_none() && text(cells[column]).is_empty(),
                    Field::Quantity => parsed.quantity.is_none() && text(cells[column]).is_empty(),
                    _ => false,
                };
                if missing {
                    fail(column, format!("{}を入力してください", field.header()));
                }
            }
        }
        rows.push(parsed);
    }
    (rows, errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_letters_run_past_z() {
        let cases = [
            (0, "A"),
            (2, "C"),
            (25, "Z"),
            (26, "AA"),
            (27, "AB"),
            (51, "AZ"),
            (52, "BA"),
            (701, "ZZ"),
            (702, "AAA"),
        ];
        for (index, letters) in cases {
            assert_eq!(column_letters(index), letters, "column {index}");
        }
        assert_eq!(cell_name(3, 2), "C4");
    }

    /// Writes rows under the template's header with rust_xlsxwriter, as a person's Excel would.
    fn filled(kind: SheetKind, rows: &[&[&str]]) -> Vec<u8> {
        let mut workbook = Workbook::new();
        let sheet = workbook.add_worksheet();
        for (column, field) in kind.fields().iter().enumerate() {
            sheet
                .write_string(0, column as u16, field.header())
                .unwrap();
        }
        for (r, row) in rows.iter().enumerate() {
            for (c, value) in row.iter().enumerate() {
                if value.is_empty() {
                    continue;
                }
                if let Ok(number) = value.parse::<f64>() {
                    sheet.write_number(r as u32 + 1, c as u16, number).unwrap();
                } else {
                    sheet.write_string(r as u32 + 1, c as u16, *value).unwrap();
                }
            }
        }
        workbook.save_to_buffer().unwrap()
    }

    #[test]
    fn the_template_reads_back_as_no_rows() {
        for kind in [
            SheetKind::Regular,
            SheetKind::OperationAgency,
            SheetKind::UpdateTags,
        ] {
            let bytes = template(kind).unwrap();
            assert_eq!(read(kind, &bytes).unwrap(), vec![]);
        }
    }

    #[test]
    fn good_rows_are_read_with_labels_dates_and_lists() {
        let bytes = filled(
            SheetKind::Regular,
            &[
                &[
                    "",
                    "執筆",
                    "秋の特集 本文",
                    "2026-12-01",
                    "30000",
                    "3, 4",
                    "秋,京都",
                ],
                &["", "", "", "", "", "", ""],
                &["12", "", "", "2026/12/24", "", "", ""],
            ],
        );
        let rows = read(SheetKind::Regular, &bytes).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].row, 1);
        assert_eq!(rows[0].fields.task_type, Some("writing"));
        assert_eq!(rows[0].fields.reward_amount, Some(30000));
        assert_eq!(rows[0].assignee_ids, vec![3, 4]);
        assert_eq!(
            rows[0].fields.tags,
            Some(vec!["秋".to_string(), "京都".to_string()])
        );
        assert_eq!((rows[1].row, rows[1].task_id), (3, Some(12)));
        assert_eq!(
            rows[1].fields.due_date,
            Some(NaiveDate::from_ymd_opt(2026, 12, 24))
        );
    }

    #[test]
    fn every_bad_cell_is_named_by_letter_and_row() {
        let bytes = filled(
            SheetKind::Regular,
            &[
                &["", "執筆", "正しい行", "", "", "", ""],
                &["abc", "ライティング", "", "12月1日", "-5", "x", ""],
                &["", "", "", "", "", "", ""],
                &["", "", "題だけ", "", "", "", ""],
            ],
        );
        let Err(SheetError::Cells(errors)) = read(SheetKind::Regular, &bytes) else {
            panic!("the bad rows must be refused");
        };
        let cells: Vec<&str> = errors.keys().map(String::as_str).collect();
        assert_eq!(cells, vec!["A3", "B3", "B5", "C3", "D3", "E3", "F3"]);
        assert!(errors["B3"][0].contains("ライティング"));
        assert!(errors["B5"][0].contains("作業種別"));
        assert!(errors["D3"][0].contains("YYYY-MM-DD"));
    }

    #[test]
    fn operation_agency_rows_need_a_quantity_and_update_tags_a_task_id() {
        let bytes = filled(
            SheetKind::OperationAgency,
            &[&["", "執筆", "記事", "", "", "", ""]],
        );
        let Err(SheetError::Cells(errors)) = read(SheetKind::OperationAgency, &bytes) else {
            panic!("a missing quantity is refused");
        };
        assert_eq!(errors.keys().collect::<Vec<_>>(), vec!["E2"]);
        let bytes = filled(SheetKind::UpdateTags, &[&["", "秋"], &["7", "冬, 温泉"]]);
        let Err(SheetError::Cells(errors)) = read(SheetKind::UpdateTags, &bytes) else {
            panic!("a missing task id is refused");
        };
        assert_eq!(errors.keys().collect::<Vec<_>>(), vec!["A2"]);
    }

    #[test]
    fn a_file_that_is_not_xlsx_is_unreadable() {
        assert!(matches!(
            read(SheetKind::Regular, b"task,title\n1,x"),
            Err(SheetError::Unreadable)
        ));
    }
}
