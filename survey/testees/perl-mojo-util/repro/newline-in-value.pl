use strict;
use warnings;
use Mojo::Parameters;
# Form data whose values hold a raw line feed: "a=x<LF>y" and "a=x<LF>"
for my $str ("a=x\ny", "a=x\n") {
  my $v = Mojo::Parameters->new($str)->param('a');
  print defined $v ? '"' . ($v =~ s/\n/\\n/gr) . '"' : 'undef', $str =~ /y/ ? ' ' : "\n";
}
