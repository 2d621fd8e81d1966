use strict;
use warnings;
use URL::Encode qw(url_decode_utf8);
# ED A0 80 would be U+D800, a surrogate: not UTF-8
printf "%vX\n", url_decode_utf8('%ED%A0%80');
