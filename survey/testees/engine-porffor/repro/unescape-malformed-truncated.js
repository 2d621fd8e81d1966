// Porffor's unescape counts the length of its result as if every '%'
// started an escape, so a '%' that does not cuts the result short.
console.log(escape(unescape('%zz!')));
