use strict;
use warnings;
use URL::Encode qw(url_decode_utf8);
# %80 is not UTF-8: the form parser gives U+FFFD
my $s = eval { url_decode_utf8('%80') };
print defined $s ? sprintf("%vX", $s) : 'died: ' . ($@ =~ /^(.*?) at /)[0], "\n";
