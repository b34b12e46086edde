'use strict';
// Registers the shipped .avsc files (schemas/src/main/avro) with the schema registry as they are, and encodes and
// decodes records in Confluent's wire format through the stock @kafkajs/confluent-schema-registry client.
//
// A top-level file such as NodeHeartbeat.avsc uses the types of common/*.avsc (Resources, TaskKind, ...) by name.
// Confluent registers such a schema with references: each common type under a subject of its own (here its full
// name, e.g. io.gleaner.schemas.avro.Resources), and the schema that uses it lists {name, subject, version}.
const fs = require('node:fs');
const path = require('node:path');
const { SchemaRegistry, SchemaType, COMPATIBILITY } = require('@kafkajs/confluent-schema-registry');

const PRIMITIVES = new Set(['null', 'boolean', 'int', 'long', 'float', 'double', 'bytes', 'string']);

/** Full names of the named types `schema` uses but does not define, in the order met. */
function referencedNames(schema, namespace = schema.namespace) {
  const defined = new Set();
  const used = [];
  const qualify = (name, ns) => (name.includes('.') || !ns ? name : `${ns}.${name}`);
  const walk = (node, ns) => {
    if (typeof node === 'string') {
      if (!PRIMITIVES.has(node)) {
        used.push(qualify(node, ns));
      }
    } else if (Array.isArray(node)) {
      node.forEach(n => walk(n, ns));
    } else if (node && typeof node === 'object') {
      const inner = node.namespace || ns;
      if (['record', 'enum', 'fixed'].includes(node.type) && node.name) {
        defined.add(qualify(node.name, inner));
      }
      if (node.type === 'record') {
        node.fields.forEach(f => walk(f.type, inner));
      } else if (node.type === 'array') {
        walk(node.items, inner);
      } else if (node.type === 'map') {
        walk(node.values, inner);
      } else if (!['enum', 'fixed'].includes(node.type)) {
        walk(node.type, inner);
      }
    }
  };
  walk(schema, namespace);
  return [...new Set(used.filter(name => !defined.has(name)))];
}

/** The shipped schemas: top-level ones by record name, common ones by full name; each {text, json}. */
function loadShipped(dir) {
  const read = file => {
    const text = fs.readFileSync(file, 'utf8');
    return { text, json: JSON.parse(text) };
  };
  const fullName = s => `${s.json.namespace}.${s.json.name}`;
  const common = {};
  for (const file of fs.readdirSync(path.join(dir, 'common')).filter(f => f.endsWith('.avsc'))) {
    const schema = read(path.join(dir, 'common', file));
    common[fullName(schema)] = schema;
  }
  const top = {};
  for (const file of fs.readdirSync(dir).filter(f => f.endsWith('.avsc'))) {
    const schema = read(path.join(dir, file));
    top[schema.json.name] = schema;
  }
  return { top, common };
}

/**
 * A codec for the topics one program writes and reads. `register(topic, recordName)` registers the shipped schema
 * under the topic's value subject (TopicNameStrategy, `<topic>-value`, as Gleaner's serde does); `encode` and
 * `decode` then work on plain objects (enums as strings, times as epoch milliseconds, unions of null and one type
 * as the value or null).
 */
class Codec {
  constructor(registryUrl, schemasDir) {
    this.registry = new SchemaRegistry({ host: registryUrl });
    this.shipped = loadShipped(schemasDir);
    this.ids = {};
    this.commonVersions = {};
  }

  async register(topic, recordName) {
    const schema = this.shipped.top[recordName];
    if (!schema) {
      throw new Error(`no ${recordName}.avsc among the shipped schemas`);
    }
    const subject = { subject: `${topic}-value`, compatibility: COMPATIBILITY.FULL };
    // FULL: a version that drops a field Gleaner's stages still read is refused at registration, not
    // dead-lettered later (docs/schema-registry.md, "Compatibility").
    let id;
    try {
      const references = [];
      for (const name of referencedNames(schema.json)) {
        references.push({ name, subject: name, version: await this.registerCommon(name) });
      }
      ({ id } = await this.registry.register({ type: SchemaType.AVRO, schema: schema.text, references }, subject));
    } catch (error) {
      if (!refusesReferences(error)) {
        throw error;
      }
      // A registry without reference support (Gleaner's embedded one before issue 24's registry work, 42201)
      // takes the same schema with the common types written out where first used: the form Gleaner's own
      // serde registers, so it gets the same id.
      console.warn(`registry refused references for ${subject.subject} (${error.message}); registering ${recordName} self-contained`);
      const inlined = JSON.stringify(inline(schema.json, this.shipped.common));
      ({ id } = await this.registry.register({ type: SchemaType.AVRO, schema: inlined }, subject));
    }
    this.ids[topic] = id;
    return id;
  }

  async registerCommon(name) {
    if (!(name in this.commonVersions)) {
      const schema = this.shipped.common[name];
      if (!schema) {
        throw new Error(`schema refers to ${name}, which is not among the shipped common/*.avsc`);
      }
      await this.registry.register({ type: SchemaType.AVRO, schema: schema.text },
        { subject: name, compatibility: COMPATIBILITY.FULL });
      const latest = await this.registry.api.Subject.latestVersion({ subject: name });
      this.commonVersions[name] = latest.data().version;
    }
    return this.commonVersions[name];
  }

  async encode(topic, value) {
    if (!(topic in this.ids)) {
      throw new Error(`no schema registered for ${topic}`);
    }
    return this.registry.encode(this.ids[topic], value);
  }

  async decode(buffer) {
    return this.registry.decode(buffer);
  }
}

/** Whether the registry answered that it does not take schema references (Confluent's 42201, invalid schema). */
function refusesReferences(error) {
  return error && (error.status === 422 || /42201|reference/i.test(String(error.message)));
}

/** `schema` with each common type written out where it is first used (by full or short name). */
function inline(schema, common) {
  const done = new Set();
  const walk = (node, ns) => {
    if (typeof node === 'string') {
      const full = node.includes('.') ? node : `${ns}.${node}`;
      if (common[full] && !done.has(full)) {
        done.add(full);
        return walk(JSON.parse(common[full].text), ns);
      }
      return node;
    }
    if (Array.isArray(node)) {
      return node.map(n => walk(n, ns));
    }
    if (node && typeof node === 'object') {
      const inner = node.namespace || ns;
      const copy = { ...node };
      if (node.type === 'record') {
        copy.fields = node.fields.map(f => ({ ...f, type: walk(f.type, inner) }));
      } else if (node.type === 'array') {
        copy.items = walk(node.items, inner);
      } else if (node.type === 'map') {
        copy.values = walk(node.values, inner);
      } else if (!['enum', 'fixed'].includes(node.type)) {
        copy.type = walk(node.type, inner);
      }
      return copy;
    }
    return node;
  };
  return walk(schema, schema.namespace);
}

module.exports = { Codec, inline, referencedNames, loadShipped };
