#!/usr/bin/env perl
# A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
# Mojo::Util's URL escaping (Mojolicious; Debian libmojolicious-perl):
#
#   percentEncode         url_escape(octets)
#   percentEncodeSet      url_escape(octets, pattern): the pattern is the
#                         character class of what to escape, "^" and the
#                         octets the named set keeps
#   percentDecodeLenient  url_unescape(text as UTF-8 octets)
#
# Every other op is answered "unsupported". README.md beside this file says
# why each function maps to its op.
#
#   pctest run -utf16hex -- perl survey/testees/perl-mojo-util/testee.pl
#
# Text arrives as "in_utf16" (the runner's -utf16hex mode): text with a lone
# surrogate has no UTF-8 form and is answered "unsupported".
use strict;
use warnings;
use JSON::PP ();
use Mojo::Util qw(url_escape url_unescape);

# The octets each named set of the vector format (codec/sets.go) keeps.
my %sets = (
    'ecma.encodeURI' => '!#$&\'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~',
    'ecma.uriUnescaped' => '!\'()*-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~',
    'go.fragment' => '!$&()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~',
    'go.host' => '!"$&\'()*+,-.0123456789:;<=>ABCDEFGHIJKLMNOPQRSTUVWXYZ[]_abcdefghijklmnopqrstuvwxyz~',
    'go.path' => '$&+,-./0123456789:;=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~',
    'go.path-segment' => '$&+-.0123456789:=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~',
    'go.query' => '-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~',
    'go.userpassword' => '$&+,-.0123456789;=ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~',
    'go.zone' => '!"$&\'()*+,-.0123456789:;<=>ABCDEFGHIJKLMNOPQRSTUVWXYZ[]_abcdefghijklmnopqrstuvwxyz~',
    'rfc3986.fragment' => '!$&\'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~',
    'rfc3986.gen-delims' => '#/:?@[]',
    'rfc3986.path' => '!$&\'()*+,-./0123456789:;=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~',
    'rfc3986.pchar' => '!$&\'()*+,-.0123456789:;=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~',
    'rfc3986.query' => '!$&\'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~',
    'rfc3986.reg-name' => '!$&\'()*+,-.0123456789;=ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~',
    'rfc3986.reserved' => '!#$&\'()*+,/:;=?@[]',
    'rfc3986.sub-delims' => '!$&\'()*+,;=',
    'rfc3986.unreserved' => '-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~',
    'rfc3986.userinfo' => '!$&\'()*+,-.0123456789:;=ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~',
    'whatwg.c0-control' => ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~',
    'whatwg.component' => '!\'()*-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~',
    'whatwg.form-urlencoded' => '*-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz',
    'whatwg.fragment' => '!#$%&\'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_abcdefghijklmnopqrstuvwxyz{|}~',
    'whatwg.path' => '!$%&\'()*+,-./0123456789:;=@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]_abcdefghijklmnopqrstuvwxyz|~',
    'whatwg.query' => '!$%&\'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~',
    'whatwg.special-query' => '!$%&()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~',
    'whatwg.userinfo' => '!$%&\'()*+,-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~',
);

my %function_sets = (
    '' => {
        percentEncode    => sub { { out => url_escape($_[0]) } },
        percentEncodeSet => sub {
            my $keeps = $sets{ $_[1]{set} // '' };
            return { unsupported => JSON::PP::true } unless defined $keeps;
            my $pattern = '^' . join('', map { sprintf '\\x%02X', ord } split //, $keeps);
            return { out => url_escape($_[0], $pattern) };
        },
        percentDecodeLenient => sub { { out_hex => unpack('H*', url_unescape($_[0])) } },
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
# included.
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
    utf8::encode($s);
    return $s;
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
        $in = $req->{in};
        utf8::encode($in);
    }
    return { id => $id, unsupported => JSON::PP::true } unless defined $in;
    my @warnings;
    local $SIG{__WARN__} = sub { push @warnings, $_[0] };
    my $resp = eval { $fn->($in, $req->{args} // {}) };
    print STDERR "testee: request $id: $_" for @warnings;
    unless ($resp) {
        my $msg = "$@";
        $msg =~ s/\s+$//;
        return { id => $id, error => 'die', message => $msg };
    }
    if (defined $resp->{out}) {
        # The functions answer octets: the UTF-8 of the text.
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
