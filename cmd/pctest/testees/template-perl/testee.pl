#!/usr/bin/perl
# A pctest testee template in Perl (testee/PROTOCOL.md): one JSON request a
# line on stdin, one JSON answer a line on stdout. Replace percent_encode
# and percent_decode with calls into your library, and add the ops it has
# (`pctest ops` lists them). Check it with `pctest check -- perl testee.pl`.
#
# JSON::PP (core Perl) dies on a lone surrogate such as "\ud800": if you
# add the ECMAScript ops, run pctest with -utf16hex and read "in_utf16"
# (PROTOCOL.md §4); `pctest check` tells you when you need it.
use strict;
use warnings;
use JSON::PP;
use Encode qw(encode_utf8);

$| = 1;    # flush every answer at once: pctest waits for it (PROTOCOL.md §2)
binmode STDIN;
binmode STDOUT;
my $json = JSON::PP->new->utf8->canonical;    # reads and writes UTF-8 octets

# percentEncode: octets in, text out (RFC 3986 §2.1, §2.3).
sub percent_encode {
    my ($octets) = @_;
    (my $s = $octets) =~ s/([^A-Za-z0-9\-._~])/sprintf("%%%02X", ord $1)/ge;
    return { out => $s };
}

# percentDecode: text in, octets out; a '%' without two hex digits is an
# error (strict RFC 3986 decoding).
sub percent_decode {
    my ($text) = @_;
    my $octets = encode_utf8($text);
    return { error => 'MalformedEscape', message => "bad escape" } if $octets =~ /%(?![0-9A-Fa-f]{2})/;
    $octets =~ s/%([0-9A-Fa-f]{2})/chr hex $1/ge;
    return { out_hex => unpack('H*', $octets) };
}

my %ops = (percentEncode => \&percent_encode, percentDecode => \&percent_decode);

while (my $line = <STDIN>) {
    next if $line =~ /^\s*$/;
    my $req = $json->decode($line);
    my $fn = $ops{ $req->{op} };
    my $input = defined $req->{in_hex} ? pack('H*', $req->{in_hex}) : $req->{in};
    my $answer = $fn ? $fn->($input) : { unsupported => JSON::PP::true };
    $answer->{id} = $req->{id};
    print $json->encode($answer), "\n";
}
