// Porffor's encodeURI leaves '[' and ']' unescaped.
console.log(encodeURI('[a]'));
