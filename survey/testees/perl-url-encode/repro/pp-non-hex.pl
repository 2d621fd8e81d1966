use strict;
use URL::Encode::PP qw(url_decode);
# "%G1" is no escape: it stays as it is
print '[', url_decode('%G1'), "]\n";
