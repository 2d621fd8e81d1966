// Porffor's unescape reads a string holding a character above U+00FF as
// if it were one byte a character.
console.log(escape(unescape('\u4e2d%41')));
