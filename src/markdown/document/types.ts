/**
 * The platform's structured document tree (its `JSONDocument`), as far as markdown can express it:
 * a document of blocks, blocks of blocks or of inlines and texts, texts of leaves with marks.
 * Written from the platform's published shapes (object, type, data, isVoid, nodes, leaves, fragments).
 */

export type MarkType = 'bold' | 'italic' | 'code' | 'strikethrough';
export interface Mark { object: 'mark'; type: MarkType }
export interface Leaf { object: 'leaf'; text: string; marks: Mark[] }
export interface Text { object: 'text'; leaves: Leaf[] }

export interface UrlRef { kind: 'url'; url: string }
export interface FileRef { kind: 'file'; file: string }

export type Ref = UrlRef | FileRef;

export interface InlineLink { object: 'inline'; type: 'link'; isVoid: false; data: { ref: Ref }; nodes: (Text | InlineImage)[] }
export interface InlineImage {
  object: 'inline';
  type: 'inline-image';
  isVoid: true;
  data: { ref: Ref; alt?: string; caption?: string };
}
/** TeX between `$$` inside a line of text (the platform's inline math). */
export interface InlineMath { object: 'inline'; type: 'inline-math'; isVoid: true; data: { formula: string } }
/** GitBook's button (`<a href class="button primary">Label</a>`): a link shown as a button. */
export interface InlineButton { object: 'inline'; type: 'button'; isVoid: true; data: { ref: Ref; label: string; kind: 'primary' | 'secondary'; icon?: string } }
export type Inline = InlineLink | InlineImage | InlineMath | InlineButton;
export type InlineContent = Text | Inline;

export interface Fragment { object: 'fragment'; fragment: string; type: string; nodes: Block[] }

export interface Paragraph { object: 'block'; type: 'paragraph'; isVoid: false; data: Record<string, never>; nodes: InlineContent[] }
export interface Heading { object: 'block'; type: 'heading-1' | 'heading-2' | 'heading-3'; isVoid: false; data: { id?: string }; nodes: InlineContent[] }
export interface CodeLine { object: 'block'; type: 'code-line'; isVoid: false; data: Record<string, never>; nodes: Text[] }
export interface CodeData { syntax?: string; title?: string; overflow?: 'scroll' | 'wrap'; lineNumbers?: boolean; fullWidth?: boolean }
export interface Code { object: 'block'; type: 'code'; isVoid: false; data: CodeData; nodes: CodeLine[] }
export interface Blockquote { object: 'block'; type: 'blockquote'; isVoid: false; data: Record<string, never>; nodes: Block[] }
export type HintStyle = 'info' | 'warning' | 'danger' | 'success';
export interface Hint { object: 'block'; type: 'hint'; isVoid: false; data: { style: HintStyle }; nodes: Block[] }
export interface ListItem { object: 'block'; type: 'list-item'; isVoid: false; data: { checked?: boolean }; nodes: Block[] }
export interface ListOrdered { object: 'block'; type: 'list-ordered'; isVoid: false; data: { start?: number }; nodes: ListItem[] }
export interface ListUnordered { object: 'block'; type: 'list-unordered'; isVoid: false; data: Record<string, never>; nodes: ListItem[] }
export interface ListTasks { object: 'block'; type: 'list-tasks'; isVoid: false; data: Record<string, never>; nodes: ListItem[] }
export interface Divider { object: 'block'; type: 'divider'; isVoid: true; data: Record<string, never> }
export interface Image { object: 'block'; type: 'image'; isVoid: true; data: { ref: Ref; alt?: string }; fragments: Fragment[] }
export interface Images { object: 'block'; type: 'images'; isVoid: false; data: Record<string, never>; nodes: Image[] }
export interface Tabs { object: 'block'; type: 'tabs'; isVoid: false; data: Record<string, never>; nodes: TabsItem[] }
export interface TabsItem { object: 'block'; type: 'tabs-item'; isVoid: false; data: { title: string }; nodes: Block[] }
export interface Embed { object: 'block'; type: 'embed'; isVoid: true; data: { url: string } }
export interface FileBlock { object: 'block'; type: 'file'; isVoid: true; data: { ref: FileRef } }
export interface ContentRefBlock { object: 'block'; type: 'content-ref'; isVoid: true; data: { ref: Ref } }
/** A reusable content of the same content, included here (markdown: `{% include "/reusable-contents/<id>" %}`). */
export interface ReusableContentRef { kind: 'reusable-content'; reusableContent: string }
export interface ReusableContentBlock { object: 'block'; type: 'reusable-content'; isVoid: true; data: { ref: ReusableContentRef } }

export type TextAlignment = 'left' | 'center' | 'right';
/** A column's type: text cells are fragments; a cards view's target (`content-ref`) and cover (`files`) are references. */
export interface TableColumn { id: string; title: string; type: 'text' | 'content-ref' | 'files'; textAlignment: TextAlignment }
export interface GridView { type: 'grid'; columns: string[]; hideHeader: boolean }
/** GitBook's cards (`<table data-view="cards">`): `columns` are those shown; a card links to its target and shows its cover. */
export interface CardsView { type: 'cards'; columns: string[]; targetDefinition?: string; coverDefinition?: string; cardSize?: 'medium' | 'large'; hideColumnTitle?: boolean }
export interface Table {
  object: 'block';
  type: 'table';
  isVoid: true;
  data: {
    view: GridView | CardsView;
    /** A record's value: a text cell's fragment id, or a link column's reference. */
    records: Record<string, { orderIndex: string; values: Record<string, string | Ref> }>;
    definition: Record<string, TableColumn>;
    fullWidth?: boolean;
  };
  /** One per text cell: `fragment` is the id a record's value names. A grid's cell holds one paragraph, a card's paragraphs and headings. */
  fragments: Fragment[];
}

/** GitBook's stepper (`{% stepper %}`): numbered steps of blocks. */
export interface Stepper { object: 'block'; type: 'stepper'; isVoid: false; data: Record<string, never>; nodes: StepperStep[] }
export interface StepperStep { object: 'block'; type: 'stepper-step'; isVoid: false; data: Record<string, never>; nodes: Block[] }
/** GitBook's columns (`{% columns %}`); a column's `width` as Git Sync writes it (`50%`). */
export interface Columns { object: 'block'; type: 'columns'; isVoid: false; data: Record<string, never>; nodes: Column[] }
export interface Column { object: 'block'; type: 'column'; isVoid: false; data: { width?: string }; nodes: Block[] }
/** GitBook's updates (`{% updates %}`), a changelog: each update dated (`YYYY-MM-DD`). */
export interface Updates { object: 'block'; type: 'updates'; isVoid: false; data: { format?: string }; nodes: Update[] }
export interface Update { object: 'block'; type: 'update'; isVoid: false; data: { date: string }; nodes: Block[] }

/** TeX between `$$` lines of their own (the platform's math block). */
export interface MathBlock { object: 'block'; type: 'math'; isVoid: true; data: { formula: string } }

/** The spec an `openapi-operation` block names: the organization's spec of that slug (the platform's `ContentRefOpenAPI`). */
export interface OpenAPIRef { kind: 'openapi'; spec: string }
/** GitBook's `{% openapi-operation spec path method %}`: an operation rendered from the spec's latest version. */
export interface OpenAPIOperationBlock { object: 'block'; type: 'openapi-operation'; isVoid: true; data: { ref: OpenAPIRef; method: string; path: string } }
/** The legacy `{% swagger src path method %}`: an operation of the spec at `src` (a URL or a file of the space). */
export interface SwaggerBlock { object: 'block'; type: 'swagger'; isVoid: true; data: { ref: UrlRef; method: string; path: string } }

export interface Expandable { object: 'block'; type: 'expandable'; isVoid: true; data: Record<string, never>; fragments: Fragment[] }

export type Block =
  | Paragraph | Heading | Code | CodeLine | Blockquote | Hint | ListItem | ListOrdered | ListUnordered | ListTasks
  | Divider | Images | Image | Tabs | TabsItem | Embed | FileBlock | ContentRefBlock | ReusableContentBlock | Table | Expandable
  | Stepper | StepperStep | Columns | Column | Updates | Update | MathBlock | OpenAPIOperationBlock | SwaggerBlock;

export interface JSONDocument { object: 'document'; data: Record<string, unknown>; nodes: Block[] }
