// engine262's decodeURI decodes an escape of a reserved character.
const { Agent, setSurroundingAgent, ManagedRealm } = require('@engine262/engine262');
setSurroundingAgent(new Agent({}));
const realm = new ManagedRealm({});
console.log(realm.evaluateScript('decodeURI("a%2Fb")').Value.stringValue());
