'use strict';
// Command-line options: "--name value" pairs over defaults; a flag without a value is true.
const path = require('node:path');

const DEFAULTS = {
  'bootstrap-servers': 'localhost:9092',
  'schema-registry-url': 'http://localhost:8081',
  'topic-prefix': 'gleaner.',
  // The shipped .avsc files, registered as they are.
  'schemas-dir': path.resolve(__dirname, '..', '..', '..', 'schemas', 'src', 'main', 'avro'),
};

function parse(argv, defaults = {}) {
  const options = { ...DEFAULTS, ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      throw new Error(`unexpected argument '${arg}'; options are --name value`);
    }
    const name = arg.slice(2);
    if (!(name in options)) {
      throw new Error(`unknown option --${name}; expected one of ${Object.keys(options).map(o => '--' + o).join(', ')}`);
    }
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) {
      options[name] = true;
    } else {
      options[name] = next;
      i++;
    }
  }
  return options;
}

/** A number option, or an error naming it and its value. */
function number(options, name) {
  const value = Number(options[name]);
  if (!Number.isFinite(value)) {
    throw new Error(`--${name} must be a number, was '${options[name]}'`);
  }
  return value;
}

module.exports = { parse, number };
