//go:build pctest_plantbug

package codec

// plantedBug is true only in a build with the tag pctest_plantbug, which
// plants a bug in decodeInto for the fuzzing demonstration of fuzz/README.md
// ("A planted bug"): a "%1F" escape followed by '#' decodes to 0x1E.
// No test, make target or build.sh sets the tag.
const plantedBug = true
