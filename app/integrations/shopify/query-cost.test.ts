import { buildSchema, parse } from "graphql";
import { estimateQueryCost } from "./query-cost";

// A miniature of the Admin schema's shapes: objects, a connection, a sized list, an interface with
// two implementations, a union and a mutation.
const schema = buildSchema(`
  interface Node { id: ID! }
  interface Media { id: ID! preview: MediaPreviewImage }
  type MediaPreviewImage { image: Image }
  type Image { url: String! }
  type MediaImage implements Media & Node { id: ID! preview: MediaPreviewImage image: Image }
  type Video implements Media & Node { id: ID! preview: MediaPreviewImage sources: [VideoSource!]! }
  type VideoSource { url: String! format: String! }
  enum Status { OPEN CLOSED }
  type MoneyV2 { amount: String! }
  type MoneyBag { shopMoney: MoneyV2! presentmentMoney: MoneyV2! }
  type LineItem implements Node { id: ID! quantity: Int! price: MoneyBag! variant: ProductVariant }
  type LineItemEdge { cursor: String! node: LineItem! }
  type PageInfo { hasNextPage: Boolean! endCursor: String }
  type LineItemConnection { edges: [LineItemEdge!]! nodes: [LineItem!]! pageInfo: PageInfo! }
  type Transaction { kind: String! }
  type ProductVariant implements Node { id: ID! image: Image product: Product! }
  type Product implements Node { id: ID! handle: String! featuredMedia: Media }
  type Order implements Node {
    id: ID!
    status: Status!
    tags: [String!]!
    total: MoneyBag!
    lineItems(first: Int, last: Int, after: String): LineItemConnection!
    transactions(first: Int): [Transaction!]!
    customAttributes: [Attribute!]!
  }
  type Attribute { key: String! value: String }
  union SearchResult = Order | Product
  type Query {
    order(id: ID!): Order
    nodes(ids: [ID!]!): [Node]!
    search(term: String!): SearchResult
  }
  type Payload { order: Order userErrors: [String!]! }
  type Mutation { orderClose(id: ID!): Payload orderOpen(id: ID!): Payload }
`);

const cost = (document: string, variables?: Record<string, unknown>) => estimateQueryCost(schema, parse(document), { variables });

describe("estimateQueryCost", () => {
  it("counts 1 per object and nothing for scalars, enums and lists of scalars", () => {
    expect(cost("{ order(id: 1) { id status tags } }")).toBe(1);
    expect(cost("{ order(id: 1) { id total { shopMoney { amount } presentmentMoney { amount } } } }")).toBe(4);
  });

  it("prices a connection 2 + first × one node, for nodes and for edges { node }", () => {
    expect(cost("{ order(id: 1) { lineItems(first: 10) { nodes { id } pageInfo { hasNextPage } } } }")).toBe(1 + 2 + 10);
    expect(cost("{ order(id: 1) { lineItems(last: 5) { edges { cursor node { id price { shopMoney { amount } } } } } } }")).toBe(
      1 + 2 + 5 * 3,
    );
  });

  it("multiplies nested connections and sized lists", () => {
    const query = "{ order(id: 1) { lineItems(first: 20) { nodes { variant { image { url } } } } transactions(first: 7) { kind } } }";
    expect(cost(query)).toBe(1 + (2 + 20 * 3) + 7);
  });

  it("counts an unsized list of objects once", () => {
    expect(cost("{ order(id: 1) { customAttributes { key value } } }")).toBe(2);
  });

  it("prices a list by its ids, from the variables", () => {
    const query = "query Q($ids: [ID!]!) { nodes(ids: $ids) { ... on ProductVariant { id image { url } product { handle } } } }";
    expect(cost(query, { ids: ["a", "b", "c"] })).toBe(3 * 3);
    expect(cost('{ nodes(ids: ["a", "b"]) { id } }')).toBe(2);
  });

  it("takes an interface or a union at its dearest possible type", () => {
    // Video's sources list is dearer than MediaImage's image: 1 (product) + 1 (media) + 1 (preview) + 1 (sources).
    const media = "{ nodes(ids: [1]) { ... on Product { featuredMedia { preview { image { url } } ... on Video { sources { url } } } } } }";
    expect(cost(media)).toBe(1 + 1 + 2 + 1);
    expect(cost('{ search(term: "mug") { ... on Order { total { shopMoney { amount } } } ... on Product { handle } } }')).toBe(3);
  });

  it("resolves named fragments, on the type they name or an interface of it", () => {
    const query = `
      query Q { order(id: 1) { ...OrderFields ...NodeFields } }
      fragment OrderFields on Order { lineItems(first: 3) { nodes { ...LineFields } } }
      fragment LineFields on LineItem { price { presentmentMoney { amount } } }
      fragment NodeFields on Node { ... on Order { total { shopMoney { amount } } } }`;
    expect(cost(query)).toBe(1 + (2 + 3 * 3) + 2);
  });

  it("prices a mutation 10 per mutation field, whatever it returns", () => {
    expect(cost("mutation { orderClose(id: 1) { order { lineItems(first: 250) { nodes { id } } } userErrors } }")).toBe(10);
    expect(cost("mutation { a: orderClose(id: 1) { userErrors } b: orderOpen(id: 1) { userErrors } }")).toBe(20);
  });

  it("reads first from a variable or its default, and refuses to guess a size it cannot know", () => {
    const query = "query Q($n: Int = 4) { order(id: 1) { lineItems(first: $n) { nodes { id } } } }";
    expect(cost(query)).toBe(1 + 2 + 4);
    expect(cost(query, { n: 9 })).toBe(1 + 2 + 9);
    expect(() => cost("query Q($ids: [ID!]!) { nodes(ids: $ids) { id } }")).toThrow("the cost depends on $ids (ids): pass it in variables");
    expect(() => cost("{ order(id: 1) { lineItems { nodes { id } } } }")).toThrow("the connection lineItems needs first or last");
  });
});
