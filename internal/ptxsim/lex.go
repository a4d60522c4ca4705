package ptxsim

import (
	"fmt"
	"strings"
)

// token is one lexical token of PTX text: an identifier, directive,
// opcode, register or number (text), or one punctuation character.
type token struct {
	text string
	line int
}

// identChar reports whether c continues an identifier, directive, opcode
// or register name.
func identChar(c byte) bool {
	return c == '_' || c == '$' || c == '%' || c == '.' ||
		(c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// lex splits PTX text into tokens, dropping // and /* */ comments.
// Strings ("...", in .pragma) are one token with their quotes.
func lex(src string) ([]token, error) {
	var toks []token
	line := 1
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return nil, fmt.Errorf("line %d: unterminated comment", line)
			}
			line += strings.Count(src[i:i+2+end], "\n")
			i += end + 4
		case c == '"':
			end := strings.IndexByte(src[i+1:], '"')
			if end < 0 {
				return nil, fmt.Errorf("line %d: unterminated string", line)
			}
			toks = append(toks, token{src[i : i+end+2], line})
			i += end + 2
		case identChar(c):
			j := i + 1
			for j < len(src) && identChar(src[j]) {
				j++
			}
			toks = append(toks, token{src[i:j], line})
			i = j
		case strings.IndexByte("(){}[],;:@!+-<>|=", c) >= 0:
			toks = append(toks, token{src[i : i+1], line})
			i++
		default:
			return nil, fmt.Errorf("line %d: unexpected character %q", line, c)
		}
	}
	return toks, nil
}
