// Porffor's decodeURI decodes an escape of a reserved character.
console.log(decodeURI('a%2Fb'));
