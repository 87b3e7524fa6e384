//! The one way to authorise (`docs/decisions/authorisation.md`), checked over the source: a
//! guard in the handler's signature says who may call, the domain's `access.rs` says which
//! record. Outside `auth/`, `platform/guards.rs` and the `access.rs` files nothing decides on a
//! caller's role or on the caller's relation to a client, and no status machine reads a role.
//! The authorisation matrix (`authorization_matrix.rs`) checks what the rules answer; this
//! checks where they are written.

use std::fs;
use std::path::{Path, PathBuf};

/// Files that may decide on a role, besides `auth/`, `platform/guards.rs` and `access.rs`.
const ALSO_ALLOWED: &[(&str, &str)] = &[
    (
        "maintenance/mod.rs",
        "the window's middleware lets staff through on every route: a who-may-call rule",
    ),
    ("seed/", "the demo data spells roles as data"),
];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("read the source tree") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a line: without its `//` comment.
fn code(line: &str) -> &str {
    line.find("//").map_or(line, |at| &line[..at])
}

/// Whether the line decides on some value's `.role`: `x.role == …`, `x.role.is_staff()`,
/// `match x.role`, `matches!(x.role, …)`. Reading it as data (`caller.role.as_db()`, passing
/// it on) is not a decision.
fn decides_on_role(line: &str) -> bool {
    let mut rest = line;
    let mut before = 0;
    while let Some(at) = rest.find(".role") {
        let after = &rest[at + ".role".len()..];
        let whole_word = !after.starts_with(|c: char| c.is_alphanumeric() || c == '_');
        if whole_word {
            let next = after.trim_start();
            let prefix = &line[..before + at];
            if next.starts_with("==")
                || next.starts_with("!=")
                || next.starts_with(".is_")
                || prefix.contains("match ")
                || prefix.contains("matches!(")
            {
                return true;
            }
        }
        before += at + ".role".len();
        rest = after;
    }
    false
}

/// The caller's relation to a client is access.rs vocabulary (`Caller::acts_for_client`).
fn decides_on_client(line: &str) -> bool {
    line.contains(".acts_for_client(") || line.contains(".belongs_to_client(")
}

fn relative(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .expect("under src")
        .to_string_lossy()
        .replace('\\', "/")
}

fn may_decide(file: &str) -> bool {
    file.starts_with("auth/")
        || file == "platform/guards.rs"
        || file.ends_with("/access.rs")
        || ALSO_ALLOWED.iter().any(|(allowed, _)| {
            file == *allowed || (allowed.ends_with('/') && file.starts_with(allowed))
        })
}

fn source_files() -> (PathBuf, Vec<PathBuf>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    files.sort();
    (root, files)
}

#[test]
fn only_guards_and_access_files_decide_on_roles() {
    let (root, files) = source_files();
    assert!(files.len() > 100, "the source tree was found");
    let mut found = Vec::new();
    for path in &files {
        let file = relative(&root, path);
        if may_decide(&file) {
            continue;
        }
        let text = fs::read_to_string(path).expect("read a source file");
        for (n, line) in text.lines().enumerate() {
            let line = code(line);
            if decides_on_role(line) || decides_on_client(line) {
                found.push(format!("{file}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "role or client checks outside a guard or an access.rs (move them into the domain's access.rs as a named predicate, or into a guard):\n{}",
        found.join("\n")
    );
}

#[test]
fn status_machines_take_an_actor_not_a_role() {
    let (root, files) = source_files();
    let machines: Vec<_> = files
        .iter()
        .filter(|p| p.file_name().is_some_and(|n| n == "status.rs"))
        .collect();
    assert!(!machines.is_empty(), "the status machines were found");
    for path in machines {
        let text = fs::read_to_string(path).expect("read a status machine");
        // Its own tests may build actors from roles through access.rs.
        let machine = text.split("#[cfg(test)]").next().unwrap_or_default();
        assert!(
            !machine.lines().map(code).any(|l| l.contains("Role")),
            "{} reads a role; let its callers pass what access.rs says (an actor)",
            relative(&root, path)
        );
    }
}

#[test]
fn the_check_sees_the_spellings_it_forbids() {
    for line in [
        "if caller.role.is_staff() {",
        "matches!(caller.role, Role::Manager | Role::Admin)",
        "match caller.role {",
        "match (caller.role, caller.client_id) {",
        "if user.role == Role::Client {",
        "&& c.role != Role::Admin",
    ] {
        assert!(decides_on_role(line), "{line}");
    }
    for line in [
        "role: caller.role.as_db().to_string(),",
        "save_profile(&state, caller.user_id, caller.role, &input)",
        "if user.role_type == Role::Client {",
    ] {
        assert!(!decides_on_role(line), "{line}");
    }
    assert!(decides_on_client("if !caller.acts_for_client(id) {"));
}
