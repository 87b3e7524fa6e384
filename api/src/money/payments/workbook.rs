//! The month's statements as a spreadsheet: one row per stored statement (who, figures, the
//! account paid), then a row of sums. Amounts are numbers (whole yen) so the sheet can total
//! them again; the sums row holds values, not formulas, so any reader sees them.

use rust_xlsxwriter::{Format, Workbook, XlsxError};

use crate::money::payments::db::StatementRow;
use crate::money::payments::model::Amounts;

enum Cell {
    Text(String),
    Yen(i64),
    Number(i64),
}

fn text(value: &Option<String>) -> Cell {
    Cell::Text(value.clone().unwrap_or_default())
}

fn deposit_label(value: Option<&str>) -> &'static str {
    match value {
        Some("ordinary") => "普通",
        Some("current") => "当座",
        Some("savings") => "貯蓄",
        Some(_) => "その他",
        None => "",
    }
}

type Column = (&'static str, f64, fn(&StatementRow) -> Cell);

/// The header, its width and what each statement writes under it.
const COLUMNS: [Column; 19] = [
    ("ユーザーID", 10.0, |s| Cell::Number(s.user_id)),
    ("ユーザー名", 18.0, |s| Cell::Text(s.user_name.clone())),
    ("支払先名", 22.0, |s| Cell::Text(s.payee_name.clone())),
    ("区分", 8.0, |s| {
        Cell::Text(
            if s.account_type == "corporate" {
                "法人"
            } else {
                "個人"
            }
            .into(),
        )
    }),
    ("居住", 8.0, |s| {
        Cell::Text(if s.resides_abroad { "海外" } else { "国内" }.into())
    }),
    ("タスク数", 9.0, |s| Cell::Number(s.task_count)),
    ("報酬小計（税抜）", 16.0, |s| {
        Cell::Yen(s.subtotal_reward_amount)
    }),
    ("消費税", 12.0, |s| Cell::Yen(s.consumption_tax)),
    ("源泉徴収税", 12.0, |s| Cell::Yen(s.withholding_tax)),
    ("利用料", 12.0, |s| Cell::Yen(s.usage_fee)),
    ("振込金額", 14.0, |s| Cell::Yen(s.total_reward_amount)),
    ("銀行コード", 10.0, |s| text(&s.bank_code)),
    ("銀行名", 16.0, |s| text(&s.bank_name)),
    ("支店コード", 10.0, |s| text(&s.branch_code)),
    ("支店名", 16.0, |s| text(&s.branch_name)),
    ("預金種目", 9.0, |s| {
        Cell::Text(deposit_label(s.deposit_type.as_deref()).into())
    }),
    ("口座番号", 10.0, |s| text(&s.account_number)),
    ("口座名義（カナ）", 22.0, |s| {
        text(&s.account_holder_kana)
    }),
    ("登録番号（インボイス）", 18.0, |s| {
        text(&s.invoice_registration_number)
    }),
];

/// The header of the column holding `amount`, in order: the sums row fills these.
const SUM_COLUMNS: [&str; 6] = [
    "タスク数",
    "報酬小計（税抜）",
    "消費税",
    "源泉徴収税",
    "利用料",
    "振込金額",
];

/// The sheet's name and file name say which month: `2026年3月`.
pub fn workbook(
    month_label: &str,
    statements: &[StatementRow],
    sums: &Amounts,
) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.set_name(month_label)?;
    let bold = Format::new().set_bold();
    let yen = Format::new().set_num_format("#,##0");
    let bold_yen = Format::new().set_bold().set_num_format("#,##0");
    for (column, (header, width, _)) in COLUMNS.iter().enumerate() {
        let column = column as u16;
        sheet.write_string_with_format(0, column, *header, &bold)?;
        sheet.set_column_width(column, *width)?;
    }
    for (index, statement) in statements.iter().enumerate() {
        let row = index as u32 + 1;
        for (column, (_, _, cell)) in COLUMNS.iter().enumerate() {
            let column = column as u16;
            match cell(statement) {
                Cell::Text(value) => sheet.write_string(row, column, value)?,
                Cell::Yen(value) => {
                    sheet.write_number_with_format(row, column, value as f64, &yen)?
                }
                Cell::Number(value) => sheet.write_number(row, column, value as f64)?,
            };
        }
    }
    let sums_row = statements.len() as u32 + 1;
    sheet.write_string_with_format(sums_row, 0, "合計", &bold)?;
    let task_count: i64 = statements.iter().map(|s| s.task_count).sum();
    let values = [
        task_count,
        sums.subtotal_reward_amount,
        sums.consumption_tax,
        sums.withholding_tax,
        sums.usage_fee,
        sums.total_reward_amount,
    ];
    for (header, value) in SUM_COLUMNS.iter().zip(values) {
        let column = COLUMNS
            .iter()
            .position(|(h, _, _)| h == header)
            .expect("every sum has a column") as u16;
        sheet.write_number_with_format(sums_row, column, value as f64, &bold_yen)?;
    }
    sheet.set_freeze_panes(1, 0)?;
    workbook.save_to_buffer()
}
