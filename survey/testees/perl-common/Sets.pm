# The named sets of the vector format (vectors/sets.json) for the survey's Perl
# testees whose function takes the set as a regexp character class of what
# to escape (Mojo::Util url_escape, URI::Escape uri_escape).
package Sets;
use strict;
use warnings;
use Exporter 'import';
our @EXPORT_OK = qw(escape_class);

# The printable ASCII octets each named set of the vector format keeps:
# generated from vectors/sets.json (go test ./survey -run TestTesteeSetTables
# -update rewrites the table).
our %KEEPS = (
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

# escape_class returns the character class (without its brackets) of the
# octets the named set escapes: "^" and each octet it keeps as \xHH; undef
# for a name that is no set.
sub escape_class {
    my ($set) = @_;
    my $keeps = $KEEPS{ $set // '' };
    return undef unless defined $keeps;
    return '^' . join('', map { sprintf '\\x%02X', ord } split //, $keeps);
}

1;
