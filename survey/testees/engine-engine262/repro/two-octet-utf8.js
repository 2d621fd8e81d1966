// engine262's decodeURIComponent decodes a two-octet UTF-8 sequence wrong.
const { Agent, setSurroundingAgent, ManagedRealm } = require('@engine262/engine262');
setSurroundingAgent(new Agent({}));
const realm = new ManagedRealm({});
console.log(realm.evaluateScript('decodeURIComponent("%C3%A9").codePointAt(0).toString(16)').Value.stringValue());
