/**
 * A feature's store built from slices (zustand's slices pattern: one `StateCreator<Whole, [], [],
 * Slice>` per slice, spread into one `create`). Spreading lets a later slice silently replace an
 * earlier one's field or action of the same name, so the whole state is declared through `Slices`,
 * which refuses slices that share a name.
 */
type Shared<A, B> = keyof A & keyof B;

/** `A & B` when the two slices share no name; otherwise a type naming the shared ones, which no slice satisfies. */
export type Slices<A, B> = [Shared<A, B>] extends [never] ? A & B : { 'slices share these names; rename one side': Shared<A, B> };
