#!/usr/bin/env perl
# A pctest testee (protocol version 1, see testee/PROTOCOL.md) for Perl's
# URI::Escape (CPAN distribution URI; Debian liburi-perl). The first argument
# picks the function set, so that no two functions answer the same op in one
# run:
#
#   (none)  percentEncode         uri_escape(octets)
#           percentDecodeLenient  uri_unescape(text as UTF-8 octets)
#   utf8    percentEncode         uri_escape_utf8(the text the octets are the
#                                 UTF-8 of; octets that are not UTF-8 are
#                                 answered "unsupported")
#
# Every other op is answered "unsupported". README.md beside this file says
# why each function maps to its op; mapping.json says the same for machines.
#
#   pctest run -utf16hex -- perl survey/testees/perl-uri-escape/testee.pl [utf8]
#
# Text arrives as "in_utf16" (the runner's -utf16hex mode): text with a lone
# surrogate has no UTF-8 form and is answered "unsupported".
use strict;
use warnings;
use JSON::PP ();
use URI::Escape qw(uri_escape uri_escape_utf8 uri_unescape);

my %function_sets = (
    '' => {
        percentEncode        => sub { { out     => uri_escape($_[0]) } },
        percentDecodeLenient => sub { { out_hex => unpack('H*', uri_unescape($_[0])) } },
    },
    'utf8' => {
        percentEncode => sub {
            my $text = text_of_utf8($_[0]);
            return { unsupported => JSON::PP::true } unless defined $text;
            return { out => uri_escape_utf8($text) };
        },
    },
);

my $variant = $ARGV[0] // '';
my $ops = $function_sets{$variant};
unless ($ops) {
    print STDERR "testee: unknown function set '$variant'; want one of: ", join(', ', map {"'$_'"} sort keys %function_sets), "\n";
    exit 2;
}

my $json = JSON::PP->new->utf8->canonical;

# A well-formed UTF-8 sequence (Unicode §3.9, Table 3-7), noncharacters
# included. Encode's strict 'UTF-8' is not used to convert text: it turns
# noncharacters such as U+FFFF into U+FFFD.
my $utf8_char = qr/[\x00-\x7F]|[\xC2-\xDF][\x80-\xBF]|\xE0[\xA0-\xBF][\x80-\xBF]|[\xE1-\xEC\xEE\xEF][\x80-\xBF]{2}|\xED[\x80-\x9F][\x80-\xBF]|\xF0[\x90-\xBF][\x80-\xBF]{2}|[\xF1-\xF3][\x80-\xBF]{3}|\xF4[\x80-\x8F][\x80-\xBF]{2}/;

# text_of_utf8 returns the character string whose UTF-8 the octets are, or
# undef if they are not well-formed UTF-8.
sub text_of_utf8 {
    my ($octets) = @_;
    return undef unless $octets =~ /\A(?:$utf8_char)*\z/;
    my $text = $octets;
    utf8::decode($text);
    return $text;
}

# utf8_of returns the UTF-8 octets of a character string without surrogates.
sub utf8_of {
    my ($s) = @_;
    utf8::encode($s);
    return $s;
}

# utf8_from_utf16_hex returns the UTF-8 octets of the code units in $hex,
# or undef if they hold a lone surrogate.
sub utf8_from_utf16_hex {
    my ($hex) = @_;
    my @u = map { hex } ($hex =~ /(....)/g);
    my $s = '';
    for (my $i = 0; $i < @u; $i++) {
        my $c = $u[$i];
        if ($c >= 0xD800 && $c <= 0xDBFF && $i + 1 < @u && $u[$i + 1] >= 0xDC00 && $u[$i + 1] <= 0xDFFF) {
            $c = 0x10000 + (($c - 0xD800) << 10) + ($u[++$i] - 0xDC00);
        } elsif ($c >= 0xD800 && $c <= 0xDFFF) {
            return undef;
        }
        $s .= chr($c);
    }
    return utf8_of($s);
}

sub answer {
    my ($line) = @_;
    my $req = eval { $json->decode($line) };
    unless (ref $req eq 'HASH') {
        print STDERR "testee: bad request line: $@";
        return undef;
    }
    my $id = $req->{id};
    my $fn = $ops->{ $req->{op} // '' };
    return { id => $id, unsupported => JSON::PP::true } unless $fn;
    my $in;
    if (defined $req->{in_hex}) {
        $in = pack('H*', $req->{in_hex});
    } elsif (defined $req->{in_utf16}) {
        $in = utf8_from_utf16_hex($req->{in_utf16});
    } elsif (defined $req->{in} && $req->{in} !~ /[\x{D800}-\x{DFFF}]/) {
        $in = utf8_of($req->{in});
    }
    return { id => $id, unsupported => JSON::PP::true } unless defined $in;
    my $resp = eval { $fn->($in) };
    unless ($resp) {
        my $msg = "$@";
        $msg =~ s/\s+$//;
        return { id => $id, error => 'die', message => $msg };
    }
    if (defined $resp->{out}) {
        # The functions return octets: ASCII escapes for these ops.
        my $text = text_of_utf8($resp->{out});
        return { id => $id, error => 'NotUTF8', message => 'result octets ' . unpack('H*', $resp->{out}) . ' are not UTF-8' }
            unless defined $text;
        $resp->{out} = $text;
    }
    $resp->{id} = $id;
    return $resp;
}

binmode STDIN;
binmode STDOUT;
$| = 0;
my $pending = '';
while (1) {
    my $n = sysread(STDIN, my $chunk, 1 << 16);
    die "testee: read: $!\n" unless defined $n;
    last if $n == 0;
    $pending .= $chunk;
    my @lines = split /\n/, $pending, -1;
    $pending = pop @lines;
    my @answers;
    for my $line (@lines) {
        next unless $line =~ /\S/;
        my $a = answer($line);
        push @answers, $json->encode($a) if $a;
    }
    if (@answers) {
        my $out = join("\n", @answers) . "\n";
        syswrite(STDOUT, $out) // exit 1;
    }
}
