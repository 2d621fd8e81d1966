// engine262's decodeURI decodes an escape of a reserved character.
const { Agent, setSurroundingAgent, ManagedRealm } = require('@engine262/engine262');
setSurroundingAgent(new Agent({}));
const realm = new ManagedRealm({});
// Newer builds' evaluateScript takes a callback; their evaluateScriptSkipDebugger
// returns the completion as evaluateScript did before.
const evaluate = realm.evaluateScriptSkipDebugger ? realm.evaluateScriptSkipDebugger.bind(realm) : realm.evaluateScript.bind(realm);
console.log(evaluate('decodeURI("a%2Fb")').Value.stringValue());
