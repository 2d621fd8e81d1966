# The pctest protocol (version 1, see testee/PROTOCOL.md) for the survey's
# Perl testees: each testee's own file holds only its library mapping and
# calls Protocol::serve(\%function_sets). README.md beside this file says how.
package Protocol;

use strict;
use warnings;
use Exporter 'import';
use JSON::PP ();

our @EXPORT_OK = qw(serve text_of_utf8);

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

# answer returns the answer (a hash) to one request line, or undef for a
# line that is no JSON object.
sub answer {
    my ($ops, $line) = @_;
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

# serve answers requests on stdin with the function set that the first
# argument names ('' when there is none) until stdin ends. In a set, each op
# name maps to a sub that takes the input as octets (the UTF-8 of text) and
# the request's args, and returns the answer's fields; "out" is octets too.
sub serve {
    my ($function_sets) = @_;
    my $variant = $ARGV[0] // '';
    my $ops = $function_sets->{$variant};
    unless ($ops) {
        print STDERR "testee: unknown function set '$variant'; want one of: ", join(', ', map {"'$_'"} sort keys %$function_sets), "\n";
        exit 2;
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
            my $a = answer($ops, $line);
            push @answers, $json->encode($a) if $a;
        }
        # Answer every complete line read before blocking for more, and
        # before exiting at the end of input: all of it, as syswrite may
        # write less than it is given (a signal that interrupts a write).
        if (@answers) {
            my $out = join("\n", @answers) . "\n";
            for (my $off = 0; $off < length $out;) {
                my $n = syswrite(STDOUT, $out, length($out) - $off, $off);
                unless (defined $n) {
                    next if $!{EINTR};
                    exit 1;
                }
                $off += $n;
            }
        }
    }
}

1;
