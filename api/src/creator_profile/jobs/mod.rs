//! Job and qualification information: occupation, years of experience, qualifications and the
//! office software the creator uses.

mod db;
pub mod http;
pub mod model;

crate::closed_set!(
    /// 会社員, 自営業・フリーランス, 学生, 主婦・主夫, その他.
    Occupation {
        CompanyEmployee = "company_employee",
        SelfEmployed = "self_employed",
        Student = "student",
        Homemaker = "homemaker",
        Other = "other",
    }
);

crate::closed_set!(
    /// The office software of the spec: Word, Excel, PowerPoint.
    OfficeSoftware {
        Word = "word",
        Excel = "excel",
        PowerPoint = "powerpoint",
    }
);
