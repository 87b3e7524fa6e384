//! The assessment as the API returns it, and its answer's rules.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::validation::Validator;
use crate::platform::validation::{Declared, FieldRules, Rule};
use crate::users::model::{ClientRef, ImageFile};

crate::closed_set!(
    /// Whether the client has rated the creator for the month.
    AssessmentState {
        NoAnswered = "no_answered",
        Answered = "answered",
    }
);

/// The longest comment, in characters.
pub const COMMENT_MAX: usize = 1000;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AssessedCreator {
    pub id: i64,
    pub user_name: String,
    pub image_file: Option<ImageFile>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AnsweredBy {
    pub id: i64,
    pub user_name: String,
}

/// The answer: four scores from 1 (poor) to 5 (excellent) and a free comment.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AssessmentAnswer {
    /// 品質: the quality of the work.
    pub quality: i16,
    /// 納期遵守: kept the deadlines.
    pub deadline: i16,
    /// コミュニケーション: replies, reporting, consultation.
    pub communication: i16,
    /// また依頼したいか: would ask again.
    pub rehire: i16,
    pub comment: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AssessmentView {
    pub id: i64,
    pub client: ClientRef,
    pub creator: AssessedCreator,
    /// The first day of the month the work was completed in.
    pub target_month: NaiveDate,
    pub state: AssessmentState,
    /// Tasks the creator completed for the client that month.
    pub completed_task_count: i64,
    pub answer: Option<AssessmentAnswer>,
    pub answered_by: Option<AnsweredBy>,
    pub answered_at: Option<DateTime<Utc>>,
    /// Whether the caller may answer it now (a user of the client, not yet answered).
    pub can_answer: bool,
}

/// `PUT /assessments/{id}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AnswerBody {
    pub quality: Option<i64>,
    pub deadline: Option<i64>,
    pub communication: Option<i64>,
    pub rehire: Option<i64>,
    #[serde(default)]
    pub comment: String,
}

const SCORE: &[Rule] = &[Rule::Required, Rule::Between(1, 5)];

impl Declared for AnswerBody {
    const RULES: &'static [FieldRules] = &[
        ("quality", SCORE),
        ("deadline", SCORE),
        ("communication", SCORE),
        ("rehire", SCORE),
        ("comment", &[Rule::MaxChars(COMMENT_MAX)]),
    ];
}

impl AnswerBody {
    /// The answer, or a 422 naming each field: `required`, `between:1,5`, `max:1000`.
    pub fn validate(self) -> Result<AssessmentAnswer, crate::platform::error::AppError> {
        let mut v = Validator::new();
        let mut score = |field: &str, value: Option<i64>| -> i16 {
            match value {
                None => {
                    v.fail(field, "required");
                    0
                }
                Some(n) if (1..=5).contains(&n) => n as i16,
                Some(_) => {
                    v.fail(field, "between:1,5");
                    0
                }
            }
        };
        let quality = score("quality", self.quality);
        let deadline = score("deadline", self.deadline);
        let communication = score("communication", self.communication);
        let rehire = score("rehire", self.rehire);
        let comment = self.comment.trim().to_string();
        v.max_chars("comment", &comment, COMMENT_MAX);
        v.finish()?;
        Ok(AssessmentAnswer {
            quality,
            deadline,
            communication,
            rehire,
            comment,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(q: Option<i64>, comment: &str) -> AnswerBody {
        AnswerBody {
            quality: q,
            deadline: Some(5),
            communication: Some(1),
            rehire: Some(3),
            comment: comment.into(),
        }
    }

    #[test]
    fn scores_run_from_one_to_five() {
        assert!(body(Some(1), "").validate().is_ok());
        assert!(body(Some(5), "よかった").validate().is_ok());
        assert!(body(Some(0), "").validate().is_err());
        assert!(body(Some(6), "").validate().is_err());
        assert!(body(None, "").validate().is_err());
    }

    #[test]
    fn comments_hold_a_thousand_characters() {
        assert!(body(Some(3), &"あ".repeat(1000)).validate().is_ok());
        assert!(body(Some(3), &"あ".repeat(1001)).validate().is_err());
    }
}
