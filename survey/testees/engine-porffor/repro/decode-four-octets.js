// Porffor's decodeURIComponent drops a four-octet UTF-8 sequence (U+1F600).
console.log('length ' + decodeURIComponent('a%F0%9F%98%80b').length);
