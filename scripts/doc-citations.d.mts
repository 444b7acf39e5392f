/** Where each specification section's rules live in docs/ (`'semantics 2'` to a page and anchor). */
export declare const TARGETS: Readonly<Record<string, string>>;
/** A citation of a specification document outside the repository, with its sections. */
export declare const CITATION: RegExp;
/** The docs/ target of a document's section, or of the document. */
export declare function target(document: string, section?: string): string | undefined;
/** The text with every citation replaced by its docs/ target. */
export declare function rewrite(text: string): string;
