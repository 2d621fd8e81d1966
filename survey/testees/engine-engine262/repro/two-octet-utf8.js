// engine262's decodeURIComponent decodes a two-octet UTF-8 sequence wrong.
const { Agent, setSurroundingAgent, ManagedRealm } = require('@engine262/engine262');
setSurroundingAgent(new Agent({}));
const realm = new ManagedRealm({});
// Newer builds' evaluateScript takes a callback; their evaluateScriptSkipDebugger
// returns the completion as evaluateScript did before.
const evaluate = realm.evaluateScriptSkipDebugger ? realm.evaluateScriptSkipDebugger.bind(realm) : realm.evaluateScript.bind(realm);
console.log(evaluate('decodeURIComponent("%C3%A9").codePointAt(0).toString(16)').Value.stringValue());
