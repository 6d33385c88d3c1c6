// SPDX-License-Identifier: GPL-2.0-or-later
// Validate a JSON file against a JSON Schema (draft 2020-12 or draft-07)
// with ajv; prints "ok - NAME" or "not ok - NAME" and the errors.
//
// usage: node validate.mjs SCHEMA FILE NAME
import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";
import Ajv from "ajv";
import addFormats from "ajv-formats";

const [schemaPath, filePath, name] = process.argv.slice(2);
const schema = JSON.parse(readFileSync(schemaPath, "utf8"));
const data = JSON.parse(readFileSync(filePath, "utf8"));
const draft2020 = String(schema.$schema || "").includes("2020-12");
const ajv = draft2020 ? new Ajv2020.default({ allErrors: true, strict: false })
		      : new Ajv.default({ allErrors: true, strict: false });
addFormats.default(ajv);
const valid = ajv.validate(schema, data);
console.log((valid ? "ok - " : "not ok - ") + name);
if (!valid)
	for (const e of ajv.errors.slice(0, 20))
		console.log("  " + e.instancePath + " " + e.message + " " + JSON.stringify(e.params));
process.exit(valid ? 0 : 1);
