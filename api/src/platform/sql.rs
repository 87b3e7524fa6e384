//! SQL assembled from text and bound values, for either database client: `sqlx`'s
//! `QueryBuilder` (the pool) or [`ReadQuery`] (the read pipeline, `platform::read_pipeline`).
//! Query fragments that several domains share (who may see which team or channel) are written
//! against [`PushSql`], so one fragment serves both.

use std::fmt::{Display, Write};

use sqlx::{Postgres, QueryBuilder};
use tokio_postgres::types::{Kind, ToSql, Type};

/// A value both clients can bind.
pub trait Bind:
    sqlx::Encode<'static, Postgres> + sqlx::Type<Postgres> + ToSql + Send + Sync + 'static
{
}

impl<T> Bind for T where
    T: sqlx::Encode<'static, Postgres> + sqlx::Type<Postgres> + ToSql + Send + Sync + 'static
{
}

/// A query under construction: text, and values bound as `$1`, `$2`, ….
pub trait PushSql {
    fn push(&mut self, sql: impl Display) -> &mut Self;
    fn push_bind<T: Bind>(&mut self, value: T) -> &mut Self;
}

impl PushSql for QueryBuilder<Postgres> {
    fn push(&mut self, sql: impl Display) -> &mut Self {
        QueryBuilder::push(self, sql)
    }

    fn push_bind<T: Bind>(&mut self, value: T) -> &mut Self {
        QueryBuilder::push_bind(self, value)
    }
}

/// A query for the read pipeline: its text, its bound values and their PostgreSQL types.
pub struct ReadQuery {
    sql: String,
    params: Vec<Box<dyn ToSql + Send + Sync>>,
    types: Vec<Type>,
}

impl ReadQuery {
    pub fn new(sql: impl Display) -> Self {
        ReadQuery {
            sql: sql.to_string(),
            params: Vec::new(),
            types: Vec::new(),
        }
    }

    pub fn sql(&self) -> &str {
        &self.sql
    }

    /// The bound values' types in `$n` order: declared when the statement is prepared, as
    /// `sqlx` does, so `$1` is the type of what is bound, not what PostgreSQL would guess.
    pub fn types(&self) -> &[Type] {
        &self.types
    }

    /// The bound values in `$n` order, as `tokio_postgres` takes them.
    pub fn params(&self) -> Vec<&(dyn ToSql + Sync)> {
        self.params
            .iter()
            .map(|param| param.as_ref() as &(dyn ToSql + Sync))
            .collect()
    }
}

impl PushSql for ReadQuery {
    fn push(&mut self, sql: impl Display) -> &mut Self {
        write!(self.sql, "{sql}").expect("writing to a String");
        self
    }

    fn push_bind<T: Bind>(&mut self, value: T) -> &mut Self {
        self.types.push(declared_type::<T>());
        self.params.push(Box::new(value));
        write!(self.sql, "${}", self.params.len()).expect("writing to a String");
        self
    }
}

/// The type `sqlx` would declare for `T`; a type known only by name (an enum) is left for
/// PostgreSQL to infer (oid 0), as `sqlx` leaves it to the server too.
fn declared_type<T: Bind>() -> Type {
    let oid = <T as sqlx::Type<Postgres>>::type_info()
        .oid()
        .map_or(0, |oid| oid.0);
    Type::from_oid(oid)
        .unwrap_or_else(|| Type::new("unspecified".into(), 0, Kind::Simple, "pg_catalog".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fragment(q: &mut impl PushSql) {
        q.push(" where t.client_id = ")
            .push_bind(Some(7_i64))
            .push(" and t.id = ")
            .push_bind(3_i64)
            .push(" and t.name = ")
            .push_bind("京".to_string());
    }

    #[test]
    fn one_fragment_gives_both_clients_the_same_text_and_numbering() {
        let mut pooled = QueryBuilder::<Postgres>::new("select 1 from teams t");
        let mut read = ReadQuery::new("select 1 from teams t");
        fragment(&mut pooled);
        fragment(&mut read);
        assert_eq!(
            read.sql(),
            "select 1 from teams t where t.client_id = $1 and t.id = $2 and t.name = $3"
        );
        assert_eq!(pooled.sql().as_str(), read.sql());
        assert_eq!(read.params().len(), 3);
        assert_eq!(read.types(), &[Type::INT8, Type::INT8, Type::TEXT]);
    }
}
