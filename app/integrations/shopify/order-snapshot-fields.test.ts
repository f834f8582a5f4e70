import { z } from "zod";
import { graphqlOrderSchema } from "~/domain/orders/graphql-order-schema";
import { ORDER_SNAPSHOT_FIELDS, ORDER_SNAPSHOT_FRAGMENT_NAME } from "./order-snapshot-fields";

type Tree = { [field: string]: Tree | null };

/** The fields a selection set asks for, nested; arguments and the `#graphql` tag are ignored. */
function selectionTree(graphql: string): Tree {
  const body = graphql.replace(/#[^\n]*/g, "").replace(/\([^)]*\)/g, "");
  const tokens = body.slice(body.indexOf("{")).match(/[{}]|[A-Za-z_]\w*/g) ?? [];
  let position = 0;
  function readSet(): Tree {
    const tree: Tree = {};
    position += 1; // "{"
    while (tokens[position] !== "}") {
      const field = tokens[position];
      position += 1;
      tree[field] = tokens[position] === "{" ? readSet() : null;
    }
    position += 1; // "}"
    return tree;
  }
  return readSet();
}

/** The fields a zod schema reads, nested; wrappers (optional, nullable, arrays, unions of scalars) see through. */
function schemaTree(schema: z.ZodType): Tree | null {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return schemaTree(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodArray) return schemaTree(schema.element as z.ZodType);
  if (schema instanceof z.ZodPipe) return schemaTree(schema.in as z.ZodType);
  if (schema instanceof z.ZodObject) {
    return Object.fromEntries(Object.entries(schema.shape).map(([key, value]) => [key, schemaTree(value as z.ZodType)]));
  }
  return null;
}

describe("ORDER_SNAPSHOT_FIELDS", () => {
  it("is a named fragment on Order", () => {
    expect(ORDER_SNAPSHOT_FIELDS).toContain(`fragment ${ORDER_SNAPSHOT_FRAGMENT_NAME} on Order {`);
  });

  it("selects exactly what parseGraphqlOrder reads", () => {
    const read = schemaTree(graphqlOrderSchema) as Tree;
    // Tolerated but never asked for: the `edges` form of connections, and `customer` (needs read_customers).
    delete (read.lineItems as Tree).edges;
    delete ((read.refunds as Tree).refundLineItems as Tree).edges;
    delete (read.fulfillmentOrders as Tree).edges;
    delete (read.shippingLines as Tree).edges;
    delete read.customer;
    expect(selectionTree(ORDER_SNAPSHOT_FIELDS)).toEqual(read);
  });

  it("has balanced braces", () => {
    const opened = ORDER_SNAPSHOT_FIELDS.split("{").length;
    expect(ORDER_SNAPSHOT_FIELDS.split("}").length).toBe(opened);
  });
});
