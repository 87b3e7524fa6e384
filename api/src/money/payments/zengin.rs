//! The Zengin (全銀協) 総合振込 file: the fixed-length format every Japanese bank accepts for a
//! batch of transfers (data type code 21). Pure: the caller passes the payer and the payees, this
//! module answers the bytes or the first field that cannot be written.
//!
//! The format (全銀協制定ファイルフォーマット 総合振込, JIS code):
//! - records of exactly 120 bytes: one header (data class 1), one data record (2) per transfer,
//!   one trailer (8: the count and the total of the data records) and one end record (9);
//! - numeric fields (N) right-aligned and zero-padded, text fields (C) left-aligned and
//!   space-padded;
//! - text in the Zengin character set: half-width katakana of JIS X 0201 with the voiced marks
//!   `ﾞ ﾟ` as their own bytes, capital letters, digits, the space and `( ) - . / , ｢ ｣ ¥`; the
//!   whole file in Shift_JIS, where all of these are one byte.
//!
//! Choices of this implementation:
//! - Every record is followed by CR LF, so a file is 122 bytes per record. The format itself has
//!   no separators, but the banks' internet banking uploads take the "MS-DOS" form with CR LF
//!   (120 bytes, "122 bytes with CRLF"), and a person can open the file in an editor. No EOF
//!   byte (0x1A) is appended; a bank that wants one adds it on upload.
//! - Names are normalised, never guessed: full-width katakana, hiragana, full-width letters and
//!   digits and lower-case letters become the half-width forms the banks print; small kana
//!   become large (`ｷｬ` → `ｷﾔ`, as bank passbooks spell them), the long vowel mark and dashes
//!   become `-`, the middle dot becomes `.`, `「」` become `｢｣`. Anything else (a kanji, a
//!   symbol outside the set, an emoji) is refused with the field and the character: a transfer
//!   to a wrong name is returned by the receiving bank (組戻し), so the file is not written.
//!   The bank account form only accepts Zengin characters, so this happens only to data that
//!   entered some other way.
//! - Names longer than their field are cut at the field width (the receiving bank compares the
//!   first 30 characters of the holder name only); amounts, counts and totals that do not fit
//!   their field are refused, never cut.
//! - 手形交換所番号 is unused and written `0000`; 新規コード is `0` (other); 顧客コード1 carries
//!   the payee's user id so the bank's statement can be matched to the creator, 顧客コード2 is
//!   zeros; 振込指定区分 is `7` (電信扱, the banks' default); 識別表示 is a space (the customer
//!   codes are numbers, not EDI text).

use std::fmt;

use chrono::{Datelike, NaiveDate};
use encoding_rs::SHIFT_JIS;

/// Bytes in one record, without its separator.
pub const RECORD_LEN: usize = 120;
/// What follows every record (see the module notes).
pub const RECORD_SEPARATOR: &[u8] = b"\r\n";
/// 種別コード: 総合振込.
pub const KIND_GENERAL_TRANSFER: &str = "21";
/// The largest amount of one transfer (振込金額 N(10)).
pub const AMOUNT_MAX: i64 = 9_999_999_999;
/// The largest total of a file (合計金額 N(12)).
pub const TOTAL_MAX: i64 = 999_999_999_999;
/// The most transfers in a file (合計件数 N(6)).
pub const COUNT_MAX: usize = 999_999;

/// 預金種目.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DepositType {
    /// 普通 (1).
    Ordinary,
    /// 当座 (2).
    Current,
    /// 貯蓄 (4).
    Savings,
    /// その他 (9).
    Other,
}

impl DepositType {
    /// From the database spelling of `bank_accounts.account_type`.
    pub fn from_db(value: &str) -> Self {
        match value {
            "ordinary" => DepositType::Ordinary,
            "current" => DepositType::Current,
            "savings" => DepositType::Savings,
            _ => DepositType::Other,
        }
    }

    fn code(self) -> u64 {
        match self {
            DepositType::Ordinary => 1,
            DepositType::Current => 2,
            DepositType::Savings => 4,
            DepositType::Other => 9,
        }
    }
}

/// A bank account as the file names it: codes, and the kana names of the bank and the branch
/// (empty when unknown; banks route by code, the names are printed for people).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    pub bank_code: String,
    pub bank_name_kana: String,
    pub branch_code: String,
    pub branch_name_kana: String,
    pub deposit_type: DepositType,
    pub number: String,
}

/// Who pays: the operator's own account and the code its bank gave it (委託者コード).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Consignor {
    pub code: String,
    pub name_kana: String,
    pub account: Account,
}

/// One transfer: the payee's account, the holder name in kana, the yen to send and a number the
/// bank reports back with it (the user id).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transfer {
    pub account: Account,
    pub holder_kana: String,
    pub amount: i64,
    pub customer_code: u64,
}

/// Why a field could not be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A character outside the Zengin set even after normalisation.
    Character(char),
    /// A code or account number that is empty, not digits, or longer than its field.
    Digits,
    /// A number too large for its field.
    TooLarge,
    /// A transfer of zero or less.
    NotPositive,
}

/// The first field that could not be written: in the header or trailer (`transfer` is `None`)
/// or in the data record of `transfers[i]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    pub transfer: Option<usize>,
    pub field: &'static str,
    pub problem: Problem,
}

impl fmt::Display for FieldError {
    /// In Japanese: the accountant reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let field = self.field;
        match &self.problem {
            Problem::Character(c) => write!(
                f,
                "{field}に全銀フォーマットで使えない文字「{c}」があります"
            ),
            Problem::Digits => write!(f, "{field}は決められた桁数以内の数字で指定してください"),
            Problem::TooLarge => write!(f, "{field}が全銀フォーマットの桁数を超えています"),
            Problem::NotPositive => write!(f, "{field}は1円以上にしてください"),
        }
    }
}

impl std::error::Error for FieldError {}

/// Full-width katakana and the half-width form of each, in order.
#[rustfmt::skip]
const KATAKANA: [(char, char); 46] = [
    ('ア', 'ｱ'), ('イ', 'ｲ'), ('ウ', 'ｳ'), ('エ', 'ｴ'), ('オ', 'ｵ'),
    ('カ', 'ｶ'), ('キ', 'ｷ'), ('ク', 'ｸ'), ('ケ', 'ｹ'), ('コ', 'ｺ'),
    ('サ', 'ｻ'), ('シ', 'ｼ'), ('ス', 'ｽ'), ('セ', 'ｾ'), ('ソ', 'ｿ'),
    ('タ', 'ﾀ'), ('チ', 'ﾁ'), ('ツ', 'ﾂ'), ('テ', 'ﾃ'), ('ト', 'ﾄ'),
    ('ナ', 'ﾅ'), ('ニ', 'ﾆ'), ('ヌ', 'ﾇ'), ('ネ', 'ﾈ'), ('ノ', 'ﾉ'),
    ('ハ', 'ﾊ'), ('ヒ', 'ﾋ'), ('フ', 'ﾌ'), ('ヘ', 'ﾍ'), ('ホ', 'ﾎ'),
    ('マ', 'ﾏ'), ('ミ', 'ﾐ'), ('ム', 'ﾑ'), ('メ', 'ﾒ'), ('モ', 'ﾓ'),
    ('ヤ', 'ﾔ'), ('ユ', 'ﾕ'), ('ヨ', 'ﾖ'),
    ('ラ', 'ﾗ'), ('リ', 'ﾘ'), ('ル', 'ﾙ'), ('レ', 'ﾚ'), ('ロ', 'ﾛ'),
    ('ワ', 'ﾜ'), ('ヲ', 'ｦ'), ('ン', 'ﾝ'),
];

/// Katakana written as another one (full-width): small kana as large, the voiced ones as their
/// base with the mark that follows, obsolete ones as today's.
#[rustfmt::skip]
const KATAKANA_AS: [(char, char, Option<char>); 40] = [
    ('ァ', 'ア', None), ('ィ', 'イ', None), ('ゥ', 'ウ', None), ('ェ', 'エ', None), ('ォ', 'オ', None),
    ('ッ', 'ツ', None), ('ャ', 'ヤ', None), ('ュ', 'ユ', None), ('ョ', 'ヨ', None), ('ヮ', 'ワ', None),
    ('ヵ', 'カ', None), ('ヶ', 'ケ', None), ('ヰ', 'イ', None), ('ヱ', 'エ', None),
    ('ガ', 'カ', Some('ﾞ')), ('ギ', 'キ', Some('ﾞ')), ('グ', 'ク', Some('ﾞ')), ('ゲ', 'ケ', Some('ﾞ')), ('ゴ', 'コ', Some('ﾞ')),
    ('ザ', 'サ', Some('ﾞ')), ('ジ', 'シ', Some('ﾞ')), ('ズ', 'ス', Some('ﾞ')), ('ゼ', 'セ', Some('ﾞ')), ('ゾ', 'ソ', Some('ﾞ')),
    ('ダ', 'タ', Some('ﾞ')), ('ヂ', 'チ', Some('ﾞ')), ('ヅ', 'ツ', Some('ﾞ')), ('デ', 'テ', Some('ﾞ')), ('ド', 'ト', Some('ﾞ')),
    ('バ', 'ハ', Some('ﾞ')), ('ビ', 'ヒ', Some('ﾞ')), ('ブ', 'フ', Some('ﾞ')), ('ベ', 'ヘ', Some('ﾞ')), ('ボ', 'ホ', Some('ﾞ')),
    ('パ', 'ハ', Some('ﾟ')), ('ピ', 'ヒ', Some('ﾟ')), ('プ', 'フ', Some('ﾟ')), ('ペ', 'ヘ', Some('ﾟ')), ('ポ', 'ホ', Some('ﾟ')),
    ('ヴ', 'ウ', Some('ﾞ')),
];

/// Half-width small kana and the large one the banks print.
#[rustfmt::skip]
const SMALL_HALF_WIDTH: [(char, char); 9] = [
    ('ｧ', 'ｱ'), ('ｨ', 'ｲ'), ('ｩ', 'ｳ'), ('ｪ', 'ｴ'), ('ｫ', 'ｵ'),
    ('ｬ', 'ﾔ'), ('ｭ', 'ﾕ'), ('ｮ', 'ﾖ'), ('ｯ', 'ﾂ'),
];

fn half_width_katakana(c: char) -> Option<char> {
    KATAKANA
        .iter()
        .find(|(full, _)| *full == c)
        .map(|(_, half)| *half)
}

/// Pushes the Zengin form of one character (already a katakana if it was a hiragana), or
/// answers `false` when it has none.
fn push_zengin(out: &mut String, c: char) -> bool {
    if let Some(half) = half_width_katakana(c) {
        out.push(half);
        return true;
    }
    if let Some((_, base, mark)) = KATAKANA_AS.iter().find(|(from, _, _)| *from == c) {
        let half = half_width_katakana(*base).unwrap_or(*base);
        out.push(half);
        if let Some(mark) = mark {
            out.push(*mark);
        }
        return true;
    }
    if let Some((_, large)) = SMALL_HALF_WIDTH.iter().find(|(small, _)| *small == c) {
        out.push(*large);
        return true;
    }
    let mapped = match c {
        // Half-width katakana ｦ and ｱ–ﾝ, the voiced marks, the corner brackets.
        '\u{FF66}' | '\u{FF71}'..='\u{FF9F}' | '｢' | '｣' => c,
        '゛' | '\u{3099}' => 'ﾞ',
        '゜' | '\u{309A}' => 'ﾟ',
        '「' => '｢',
        '」' => '｣',
        'ー' | 'ｰ' | '－' | '‐' | '‑' | '–' | '—' | '−' => '-',
        '・' | '･' => '.',
        '　' => ' ',
        '¥' | '￥' => '\\',
        // Full-width ASCII, then as ASCII.
        '\u{FF01}'..='\u{FF5E}' => {
            let ascii = char::from_u32(c as u32 - 0xFEE0).unwrap_or(c);
            return push_ascii(out, ascii);
        }
        _ => return push_ascii(out, c),
    };
    out.push(mapped);
    true
}

fn push_ascii(out: &mut String, c: char) -> bool {
    match c {
        'A'..='Z' | '0'..='9' | ' ' | '(' | ')' | '-' | '.' | '/' | ',' | '\\' => out.push(c),
        'a'..='z' => out.push(c.to_ascii_uppercase()),
        _ => return false,
    }
    true
}

/// `value` in the Zengin character set (half-width, see the module notes), or the first
/// character that has no place in it.
pub fn zengin_kana(value: &str) -> Result<String, char> {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        // Hiragana read as the katakana of the same sound.
        let c = match c {
            'ぁ'..='ゖ' => char::from_u32(c as u32 + 0x60).unwrap_or(c),
            other => other,
        };
        if !push_zengin(&mut out, c) {
            return Err(c);
        }
    }
    Ok(out)
}

/// One record under construction; every field is checked as it is added.
struct Record {
    bytes: Vec<u8>,
    transfer: Option<usize>,
}

impl Record {
    fn new(data_class: u8, transfer: Option<usize>) -> Self {
        let mut bytes = Vec::with_capacity(RECORD_LEN + RECORD_SEPARATOR.len());
        bytes.push(b'0' + data_class);
        Record { bytes, transfer }
    }

    fn fail(&self, field: &'static str, problem: Problem) -> FieldError {
        FieldError {
            transfer: self.transfer,
            field,
            problem,
        }
    }

    /// A number, right-aligned and zero-padded.
    fn number(
        &mut self,
        field: &'static str,
        value: u64,
        width: usize,
    ) -> Result<&mut Self, FieldError> {
        let text = value.to_string();
        if text.len() > width {
            return Err(self.fail(field, Problem::TooLarge));
        }
        self.bytes
            .extend(std::iter::repeat_n(b'0', width - text.len()));
        self.bytes.extend_from_slice(text.as_bytes());
        Ok(self)
    }

    /// A code given as text (a bank code, an account number): digits only, right-aligned and
    /// zero-padded, leading zeros kept.
    fn digits(
        &mut self,
        field: &'static str,
        value: &str,
        width: usize,
    ) -> Result<&mut Self, FieldError> {
        let value = value.trim();
        if value.is_empty() || value.len() > width || !value.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.fail(field, Problem::Digits));
        }
        self.bytes
            .extend(std::iter::repeat_n(b'0', width - value.len()));
        self.bytes.extend_from_slice(value.as_bytes());
        Ok(self)
    }

    /// Text in Shift_JIS, left-aligned, space-padded, cut at the field width.
    fn text(
        &mut self,
        field: &'static str,
        value: &str,
        width: usize,
    ) -> Result<&mut Self, FieldError> {
        let kana =
            zengin_kana(value.trim()).map_err(|c| self.fail(field, Problem::Character(c)))?;
        let (encoded, _, unmappable) = SHIFT_JIS.encode(&kana);
        if unmappable {
            // Every character of the Zengin set is one byte of JIS X 0201; this is a bug guard.
            let c = kana
                .chars()
                .find(|c| SHIFT_JIS.encode(&c.to_string()).2)
                .unwrap_or('?');
            return Err(self.fail(field, Problem::Character(c)));
        }
        let cut = &encoded[..encoded.len().min(width)];
        self.bytes.extend_from_slice(cut);
        self.spaces(width - cut.len());
        Ok(self)
    }

    fn fixed(&mut self, value: &[u8]) -> &mut Self {
        self.bytes.extend_from_slice(value);
        self
    }

    fn spaces(&mut self, width: usize) -> &mut Self {
        self.bytes.extend(std::iter::repeat_n(b' ', width));
        self
    }

    fn finish(self, file: &mut Vec<u8>) {
        assert_eq!(self.bytes.len(), RECORD_LEN, "a Zengin record is 120 bytes");
        file.extend_from_slice(&self.bytes);
        file.extend_from_slice(RECORD_SEPARATOR);
    }
}

/// The account fields shared by the header (payer) and the data records (payee): bank code,
/// bank name, branch code, branch name.
fn bank_and_branch(record: &mut Record, account: &Account) -> Result<(), FieldError> {
    record
        .digits("銀行番号", &account.bank_code, 4)?
        .text("銀行名", &account.bank_name_kana, 15)?
        .digits("支店番号", &account.branch_code, 3)?
        .text("支店名", &account.branch_name_kana, 15)?;
    Ok(())
}

fn header(consignor: &Consignor, date: NaiveDate) -> Result<Record, FieldError> {
    let mut record = Record::new(1, None);
    record
        .fixed(KIND_GENERAL_TRANSFER.as_bytes())
        // コード区分 0: JIS (Shift_JIS in a file).
        .fixed(b"0")
        .digits("委託者コード", &consignor.code, 10)?
        .text("委託者名", &consignor.name_kana, 40)?
        .number("振込指定日", u64::from(date.month() * 100 + date.day()), 4)?;
    bank_and_branch(&mut record, &consignor.account)?;
    record
        .number("預金種目", consignor.account.deposit_type.code(), 1)?
        .digits("口座番号", &consignor.account.number, 7)?
        .spaces(17);
    Ok(record)
}

fn data(index: usize, transfer: &Transfer) -> Result<Record, FieldError> {
    let mut record = Record::new(2, Some(index));
    if transfer.amount <= 0 {
        return Err(record.fail("振込金額", Problem::NotPositive));
    }
    if transfer.amount > AMOUNT_MAX {
        return Err(record.fail("振込金額", Problem::TooLarge));
    }
    bank_and_branch(&mut record, &transfer.account)?;
    record
        // 手形交換所番号: unused.
        .fixed(b"0000")
        .number("預金種目", transfer.account.deposit_type.code(), 1)?
        .digits("口座番号", &transfer.account.number, 7)?
        .text("受取人名", &transfer.holder_kana, 30)?
        .number("振込金額", transfer.amount as u64, 10)?
        // 新規コード 0: other.
        .fixed(b"0")
        .number("顧客コード1", transfer.customer_code, 10)?
        .fixed(b"0000000000")
        // 振込指定区分 7: 電信扱; 識別表示: numeric customer codes.
        .fixed(b"7")
        .spaces(1)
        .spaces(7);
    Ok(record)
}

fn trailer(count: usize, total: i64) -> Result<Record, FieldError> {
    let mut record = Record::new(8, None);
    if count > COUNT_MAX {
        return Err(record.fail("合計件数", Problem::TooLarge));
    }
    if total > TOTAL_MAX {
        return Err(record.fail("合計金額", Problem::TooLarge));
    }
    record
        .number("合計件数", count as u64, 6)?
        .number("合計金額", total as u64, 12)?
        .spaces(101);
    Ok(record)
}

fn end() -> Record {
    let mut record = Record::new(9, None);
    record.spaces(119);
    record
}

/// The whole file: header, one data record per transfer in the given order, trailer, end; every
/// record 120 bytes followed by CR LF.
pub fn transfer_file(
    consignor: &Consignor,
    transfer_date: NaiveDate,
    transfers: &[Transfer],
) -> Result<Vec<u8>, FieldError> {
    let mut file =
        Vec::with_capacity((transfers.len() + 3) * (RECORD_LEN + RECORD_SEPARATOR.len()));
    header(consignor, transfer_date)?.finish(&mut file);
    let mut total: i64 = 0;
    for (index, transfer) in transfers.iter().enumerate() {
        data(index, transfer)?.finish(&mut file);
        total = total.saturating_add(transfer.amount);
    }
    trailer(transfers.len(), total)?.finish(&mut file);
    end().finish(&mut file);
    Ok(file)
}

/// Whether the payer's settings can be written: checked when the server starts, so a bad
/// setting is found then and not on the day of the transfer.
pub fn check_consignor(consignor: &Consignor) -> Result<(), FieldError> {
    header(
        consignor,
        NaiveDate::from_ymd_opt(2000, 1, 1).expect("a real date"),
    )
    .map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn account(bank: &str, branch: &str, number: &str) -> Account {
        Account {
            bank_code: bank.into(),
            bank_name_kana: "ミズホ".into(),
            branch_code: branch.into(),
            branch_name_kana: "トウキヨウ".into(),
            deposit_type: DepositType::Ordinary,
            number: number.into(),
        }
    }

    fn consignor() -> Consignor {
        Consignor {
            code: "1234567890".into(),
            name_kana: "カ）ツムギ".into(),
            account: account("0001", "001", "7654321"),
        }
    }

    fn transfer(holder: &str, amount: i64, customer: u64) -> Transfer {
        Transfer {
            account: Account {
                deposit_type: DepositType::Current,
                ..account("0005", "123", "123")
            },
            holder_kana: holder.into(),
            amount,
            customer_code: customer,
        }
    }

    fn records(file: &[u8]) -> Vec<&[u8]> {
        assert_eq!(file.len() % (RECORD_LEN + 2), 0, "whole CRLF records");
        file.chunks(RECORD_LEN + 2)
            .map(|chunk| {
                assert_eq!(&chunk[RECORD_LEN..], b"\r\n");
                &chunk[..RECORD_LEN]
            })
            .collect()
    }

    fn date() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 4, 30).unwrap()
    }

    #[test]
    fn records_are_120_bytes_in_header_data_trailer_end_order() {
        let transfers = [
            transfer("ヤマダ　ハナコ", 9_979, 7),
            transfer("ｻﾄｳ ｹﾝ", 1_177_060, 12),
        ];
        let file = transfer_file(&consignor(), date(), &transfers).unwrap();
        let records = records(&file);
        assert_eq!(records.len(), 5);
        assert!(records.iter().all(|r| r.len() == RECORD_LEN));
        let classes: Vec<u8> = records.iter().map(|r| r[0]).collect();
        assert_eq!(classes, b"12289");
    }

    #[test]
    fn the_header_names_the_payer_and_the_date() {
        let file = transfer_file(&consignor(), date(), &[]).unwrap();
        let header = records(&file)[0];
        assert_eq!(&header[0..4], b"1210");
        assert_eq!(&header[4..14], b"1234567890");
        // ｶ)ﾂﾑｷﾞ in Shift_JIS, then spaces to 40 bytes.
        assert_eq!(&header[14..20], &[0xB6, b')', 0xC2, 0xD1, 0xB7, 0xDE]);
        assert!(header[20..54].iter().all(|&b| b == b' '));
        assert_eq!(&header[54..58], b"0430");
        assert_eq!(&header[58..62], b"0001");
        assert_eq!(&header[62..65], &[0xD0, 0xBD, 0xDE], "ﾐｽﾞ");
        assert_eq!(&header[77..80], b"001");
        assert_eq!(&header[95..96], b"1", "普通");
        assert_eq!(&header[96..103], b"7654321");
        assert!(header[103..].iter().all(|&b| b == b' '));
    }

    #[test]
    fn a_data_record_pads_numbers_with_zeros_and_text_with_spaces() {
        let file = transfer_file(
            &consignor(),
            date(),
            &[transfer("ヤマダ　ハナコ", 12_345, 7)],
        )
        .unwrap();
        let data = records(&file)[1];
        assert_eq!(&data[0..5], b"20005");
        assert_eq!(&data[20..23], b"123");
        assert_eq!(&data[38..42], b"0000", "手形交換所番号");
        assert_eq!(&data[42..43], b"2", "当座");
        assert_eq!(
            &data[43..50],
            b"0000123",
            "account numbers right-aligned, zero-padded"
        );
        // ﾔﾏﾀﾞ ﾊﾅｺ: the voiced mark is its own byte.
        assert_eq!(
            &data[50..58],
            &[0xD4, 0xCF, 0xC0, 0xDE, b' ', 0xCA, 0xC5, 0xBA]
        );
        assert!(data[58..80].iter().all(|&b| b == b' '));
        assert_eq!(&data[80..90], b"0000012345");
        assert_eq!(&data[90..91], b"0");
        assert_eq!(&data[91..101], b"0000000007", "the user id");
        assert_eq!(&data[101..111], b"0000000000");
        assert_eq!(&data[111..112], b"7");
        assert!(data[112..].iter().all(|&b| b == b' '));
    }

    #[test]
    fn the_trailer_counts_and_sums_the_data_records() {
        let transfers = [
            transfer("ｱ", 1, 1),
            transfer("ｲ", 20_000, 2),
            transfer("ｳ", 9_999_999_999, 3),
        ];
        let file = transfer_file(&consignor(), date(), &transfers).unwrap();
        let records = records(&file);
        let trailer = records[4];
        assert_eq!(&trailer[0..1], b"8");
        assert_eq!(&trailer[1..7], b"000003");
        assert_eq!(&trailer[7..19], b"010000020000");
        let sum: u64 = records[1..4]
            .iter()
            .map(|r| {
                std::str::from_utf8(&r[80..90])
                    .unwrap()
                    .parse::<u64>()
                    .unwrap()
            })
            .sum();
        assert_eq!(sum, 10_000_020_000);
        assert!(trailer[19..].iter().all(|&b| b == b' '));
        assert_eq!(records[5][0], b'9');
        assert!(records[5][1..].iter().all(|&b| b == b' '));
    }

    #[test]
    fn the_file_decodes_as_shift_jis() {
        let file =
            transfer_file(&consignor(), date(), &[transfer("ツムギ　デモ", 9_979, 7)]).unwrap();
        let (text, _, malformed) = SHIFT_JIS.decode(&file);
        assert!(!malformed);
        assert!(text.contains("ﾂﾑｷﾞ ﾃﾞﾓ"), "{text}");
        assert!(text.contains("ｶ)ﾂﾑｷﾞ"));
        assert_eq!(text.lines().count(), 4);
    }

    #[test]
    fn amounts_that_do_not_fit_are_refused() {
        let too_large = transfer_file(&consignor(), date(), &[transfer("ｱ", AMOUNT_MAX + 1, 1)]);
        assert_eq!(
            too_large.unwrap_err(),
            FieldError {
                transfer: Some(0),
                field: "振込金額",
                problem: Problem::TooLarge
            }
        );
        let many: Vec<Transfer> = (0..101).map(|i| transfer("ｱ", AMOUNT_MAX, i)).collect();
        let total = transfer_file(&consignor(), date(), &many).unwrap_err();
        assert_eq!(
            (total.field, total.problem),
            ("合計金額", Problem::TooLarge)
        );
        let nothing = transfer_file(
            &consignor(),
            date(),
            &[transfer("ｱ", 1, 1), transfer("ｲ", 0, 2)],
        );
        assert_eq!(nothing.unwrap_err().transfer, Some(1));
        let bad_number = transfer_file(
            &consignor(),
            date(),
            &[Transfer {
                account: account("0005", "123", "12345678"),
                ..transfer("ｱ", 1, 1)
            }],
        );
        assert_eq!(bad_number.unwrap_err().problem, Problem::Digits);
    }

    #[test]
    fn names_are_normalised_to_the_zengin_set() {
        for (given, expected) in [
            ("ツムギ　デモ", "ﾂﾑｷﾞ ﾃﾞﾓ"),
            ("やまだ はなこ", "ﾔﾏﾀﾞ ﾊﾅｺ"),
            ("キャノン", "ｷﾔﾉﾝ"),
            ("ｷｬﾉﾝ", "ｷﾔﾉﾝ"),
            ("ミツビシユ－エフジエイ", "ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ"),
            ("ジョン・スミス", "ｼﾞﾖﾝ.ｽﾐｽ"),
            ("ヴィーナス", "ｳﾞｲ-ﾅｽ"),
            ("パン（カ", "ﾊﾟﾝ(ｶ"),
            ("ａｂｃ　ＸＹＺ１２３", "ABC XYZ123"),
            ("「ヲ」￥", "｢ｦ｣\\"),
        ] {
            assert_eq!(zengin_kana(given).as_deref(), Ok(expected), "{given}");
        }
        assert_eq!(zengin_kana("山田 ハナコ"), Err('山'));
        assert_eq!(zengin_kana("ハナコ＃"), Err('＃'));
        assert_eq!(zengin_kana("ﾊﾅｺ😀"), Err('😀'));
        let refused = transfer_file(&consignor(), date(), &[transfer("山田", 1, 1)]).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "受取人名に全銀フォーマットで使えない文字「山」があります"
        );
    }

    #[test]
    fn long_names_are_cut_at_the_field() {
        let long = "ア".repeat(40);
        let file = transfer_file(&consignor(), date(), &[transfer(&long, 1, 1)]).unwrap();
        let data = records(&file)[1];
        assert!(data[50..80].iter().all(|&b| b == 0xB1));
        assert_eq!(&data[80..90], b"0000000001");
    }

    #[test]
    fn payer_settings_are_checked() {
        assert!(check_consignor(&consignor()).is_ok());
        let bad = Consignor {
            code: "12AB".into(),
            ..consignor()
        };
        assert_eq!(check_consignor(&bad).unwrap_err().field, "委託者コード");
        let kanji = Consignor {
            name_kana: "株式会社つむぎ".into(),
            ..consignor()
        };
        assert_eq!(
            check_consignor(&kanji).unwrap_err().problem,
            Problem::Character('株')
        );
    }
}
