// Porffor's unescape takes ':' to '@' and '[' to '`' for hexadecimal
// digits: "%:0" is not an escape and should stay as it is.
console.log(escape(unescape('%:0')));
