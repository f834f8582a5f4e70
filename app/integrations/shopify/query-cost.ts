/**
 * Shopify's requested query cost, estimated statically from a document and the Admin schema, so a
 * test can keep every document under the single-query limit before Shopify refuses it
 * (https://shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits):
 *
 * - a scalar or an enum costs 0, an object 1 (plus what is selected in it);
 * - a connection costs 2 + first/last × (the cost of one node as selected), `pageInfo` and cursors
 *   included in the 2; a list field sized by `first`/`last`, or by an `ids` list (`nodes(ids:)`),
 *   costs that many times one item; an unsized list costs one item;
 * - an interface or a union costs its most expensive possible type's selection;
 * - a mutation field costs 10, whatever it returns.
 *
 * Fragments and inline fragments count for the types they apply to. A size that depends on a
 * variable is read from `variables` (or the variable's default); without either the estimate
 * throws rather than guess. Shopify's own figure comes back in every answer's
 * `extensions.cost.requestedQueryCost`; this estimate is for tests and the benchmark.
 */
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  getNamedType,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  isAbstractType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
  valueFromASTUntyped,
} from "graphql";

const MUTATION_COST = 10;
const CONNECTION_COST = 2;

export type CostOptions = { variables?: Record<string, unknown>; operationName?: string };

type Context = {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
};

/** The requested cost of the document's operation (the one named, or its only one). */
export function estimateQueryCost(schema: GraphQLSchema, document: DocumentNode, options: CostOptions = {}): number {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = options.operationName ? operations.find((o) => o.name?.value === options.operationName) : operations[0];
  if (!operation || (!options.operationName && operations.length > 1)) {
    throw new Error(`the document needs exactly one operation, or operationName (it has ${operations.length})`);
  }
  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  );
  const defaults: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    if (definition.defaultValue) defaults[definition.variable.name.value] = valueFromASTUntyped(definition.defaultValue);
  }
  const context: Context = { schema, fragments, variables: { ...defaults, ...options.variables } };
  const root = schema.getRootType(operation.operation);
  if (!root) throw new Error(`the schema has no ${operation.operation} root`);
  const fields = collectFields(context, operation.selectionSet, root);
  if (operation.operation === "mutation") return fields.length * MUTATION_COST;
  return fields.reduce((sum, field) => sum + fieldCost(context, root, field), 0);
}

/** The fields selected on a concrete type, through fragments that apply to it. */
function collectFields(context: Context, selectionSet: SelectionSetNode, type: GraphQLObjectType): FieldNode[] {
  const fields: FieldNode[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      fields.push(selection);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (!selection.typeCondition || applies(context, selection.typeCondition.name.value, type))
        fields.push(...collectFields(context, selection.selectionSet, type));
    } else {
      const fragment = context.fragments.get(selection.name.value);
      if (!fragment) throw new Error(`unknown fragment ${selection.name.value}`);
      if (applies(context, fragment.typeCondition.name.value, type)) fields.push(...collectFields(context, fragment.selectionSet, type));
    }
  }
  return fields;
}

function applies(context: Context, condition: string, type: GraphQLObjectType): boolean {
  if (condition === type.name) return true;
  const conditionType = context.schema.getType(condition);
  return conditionType !== undefined && isAbstractType(conditionType) && context.schema.isSubType(conditionType, type);
}

/** One object of `type` as selected: 1, plus its fields; an abstract type costs its dearest possible type. */
function objectCost(context: Context, type: GraphQLCompositeType, selectionSet: SelectionSetNode | undefined): number {
  if (isAbstractType(type)) {
    const possible = context.schema.getPossibleTypes(type);
    return Math.max(1, ...possible.map((concrete) => objectCost(context, concrete, selectionSet)));
  }
  if (!selectionSet) return 1;
  return collectFields(context, selectionSet, type).reduce((sum, field) => sum + fieldCost(context, type, field), 1);
}

function fieldCost(context: Context, parent: GraphQLObjectType, node: FieldNode): number {
  if (node.name.value.startsWith("__")) return 0;
  const field = parent.getFields()[node.name.value];
  if (!field) throw new Error(`${parent.name} has no field ${node.name.value}`);
  const named = getNamedType(field.type);
  if (isLeafType(named)) return 0;
  if (isConnection(named)) return connectionCost(context, named, node, field);
  const item = objectCost(context, named, node.selectionSet);
  return isList(field) ? listSize(context, node, field, false) * item : item;
}

function isList(field: GraphQLField<unknown, unknown>): boolean {
  return isListType(isNonNullType(field.type) ? field.type.ofType : field.type);
}

function isConnection(type: unknown): type is GraphQLObjectType {
  return isObjectType(type) && type.name.endsWith("Connection") && "pageInfo" in type.getFields();
}

/** 2 + size × one node, the node counted once for `nodes` and once for `edges { node }` when both are selected. */
function connectionCost(context: Context, type: GraphQLObjectType, node: FieldNode, field: GraphQLField<unknown, unknown>): number {
  const size = listSize(context, node, field, true);
  let item = 0;
  for (const selected of node.selectionSet ? collectFields(context, node.selectionSet, type) : []) {
    const name = selected.name.value;
    if (name === "nodes") item += objectCost(context, nodeTypeOf(type), selected.selectionSet);
    else if (name === "edges" && selected.selectionSet) {
      const edgeType = getNamedType(type.getFields().edges.type) as GraphQLObjectType;
      for (const edgeField of collectFields(context, selected.selectionSet, edgeType)) {
        if (edgeField.name.value === "node") item += objectCost(context, nodeTypeOf(type), edgeField.selectionSet);
      }
    }
  }
  return CONNECTION_COST + size * item;
}

function nodeTypeOf(connection: GraphQLObjectType): GraphQLCompositeType {
  return getNamedType(connection.getFields().nodes.type) as GraphQLCompositeType;
}

/** first/last, else the length of an `ids` list; a connection must have one, another list counts 1. */
function listSize(context: Context, node: FieldNode, field: GraphQLField<unknown, unknown>, required: boolean): number {
  const args = new Map((node.arguments ?? []).map((arg) => [arg.name.value, arg.value]));
  const sizes = ["first", "last"].filter((name) => args.has(name)).map((name) => Number(argumentValue(context, args.get(name)!, name)));
  if (sizes.length > 0) return Math.max(...sizes);
  if (args.has("ids")) {
    const ids = argumentValue(context, args.get("ids")!, "ids");
    if (!Array.isArray(ids)) throw new Error(`${field.name}(ids:) is not a list`);
    return ids.length;
  }
  if (required) throw new Error(`the connection ${field.name} needs first or last`);
  return 1;
}

function argumentValue(context: Context, value: ValueNode, name: string): unknown {
  if (value.kind === Kind.VARIABLE) {
    const variable = value.name.value;
    if (!(variable in context.variables)) throw new Error(`the cost depends on $${variable} (${name}): pass it in variables`);
    return context.variables[variable];
  }
  return valueFromASTUntyped(value, context.variables);
}
