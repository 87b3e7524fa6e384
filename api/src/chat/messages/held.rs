//! The client's half of catch-up (docs/decisions/channel-message-sequence.md): which of a
//! channel's message numbers (`seq`, in commit order) a client holds. The web keeps the same in
//! `features/chat/store.ts` (`holdSeqs`); the tests' chat client and the load generator use this.

use std::collections::BTreeSet;

/// Every number up to `through`, and those held above it: pushes that overtook an earlier
/// message, which leave a hole `through` stops below. A catch-up asks for what follows `through`.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct HeldSeqs {
    through: i64,
    ahead: BTreeSet<i64>,
}

impl HeldSeqs {
    /// Holding everything up to `through` (a page's `last_seq` when the channel was opened).
    pub fn from_read(through: i64) -> Self {
        Self {
            through,
            ahead: BTreeSet::new(),
        }
    }

    /// Where a catch-up starts (`?after_seq=`).
    pub fn through(&self) -> i64 {
        self.through
    }

    /// A message numbered `seq` arrived (pushed or caught up).
    pub fn hold(&mut self, seq: i64) {
        if seq > self.through {
            self.ahead.insert(seq);
            self.advance();
        }
    }

    /// A read of the channel saw everything up to `seq`: a catch-up page's last message while
    /// `has_more`, else its `last_seq`.
    pub fn read_through(&mut self, seq: i64) {
        self.through = self.through.max(seq);
        self.advance();
    }

    fn advance(&mut self) {
        self.ahead = self.ahead.split_off(&(self.through + 1));
        while self.ahead.remove(&(self.through + 1)) {
            self.through += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::HeldSeqs;

    #[test]
    fn a_catch_up_starts_below_a_message_that_overtook_an_earlier_one() {
        let mut held = HeldSeqs::from_read(4);
        // 6 was pushed before 5 (5 committed first, its push came later, the socket closed).
        held.hold(6);
        assert_eq!(held.through(), 4, "the catch-up asks for what follows 4");
        held.hold(5);
        assert_eq!(held, HeldSeqs::from_read(6));
        held.hold(9);
        // A catch-up read the channel up to 8 (7 was deleted): 9 follows on.
        held.read_through(8);
        assert_eq!(held, HeldSeqs::from_read(9));
        held.hold(3);
        assert_eq!(held.through(), 9, "an old number changes nothing");
    }
}
