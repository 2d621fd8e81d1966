using System;
using System.Text;

class Repro {
    static void Main() {
        // "a" then U+00A6, which Shift_JIS lacks: the replacement fallback should give "a?".
        Console.WriteLine(BitConverter.ToString(Encoding.GetEncoding("shift_jis").GetBytes("a\u00a6")));
    }
}
