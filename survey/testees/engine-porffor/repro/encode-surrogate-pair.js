// Porffor's encodeURIComponent encodes a surrogate pair as two
// three-octet sequences (CESU-8) instead of the four octets of U+1F600.
console.log(encodeURIComponent('\ud83d\ude00'));
