// Porffor's encodeURIComponent encodes U+00E9 as one Latin-1 octet.
console.log(encodeURIComponent('\u00e9'));
