// Each test file gets a fresh copy of the migrated template database.
import fs from "node:fs";
import path from "node:path";
import { inject } from "vitest";

const template = inject("databaseTemplate");
const file = path.join(path.dirname(template), `db-${process.pid}-${Math.random().toString(36).slice(2)}.sqlite`);
fs.copyFileSync(template, file);
process.env.DATABASE_URL = `file:${file}`;
