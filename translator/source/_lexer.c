/* The lexer of translator/source/tokens.py compiled: the same tokens as TOKEN_PATTERN, token
 * for token (tests/translator/test_compiled_lexer.py compares the two on random and real
 * text), about twenty times faster. A file's tokens were a third of a token-only translation
 * in Python: one regular-expression match object and one Python-level Token.__init__ per token.
 *
 * Kept to what the pattern says, alternative by alternative, in the pattern's order:
 * space, newline, comment, string, char, ident, number, punct. Header names are merged in
 * Python afterwards, as before. Characters are classified with the same Unicode predicates
 * the regular-expression engine uses for \w and \d, so identifiers and numbers end where
 * the pattern's do for every code point (surrogate escapes included).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

/* ---- Token: kind, text, start (an immutable-in-practice record, as the Python class) ---- */

typedef struct {
    PyObject_HEAD
    PyObject *kind;
    PyObject *text;
    Py_ssize_t start;
} TokenObject;

static PyTypeObject TokenType;

static PyObject *
token_make(PyObject *kind, PyObject *text, Py_ssize_t start)
{
    TokenObject *token = PyObject_New(TokenObject, &TokenType);
    if (token == NULL)
        return NULL;
    Py_INCREF(kind);
    token->kind = kind;
    token->text = text; /* the caller's reference */
    token->start = start;
    return (PyObject *)token;
}

static PyObject *
token_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *names[] = {"kind", "text", "start", NULL};
    PyObject *kind, *text;
    Py_ssize_t start;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "UUn:Token", names, &kind, &text, &start))
        return NULL;
    Py_INCREF(text);
    return token_make(kind, text, start);
}

static void
token_dealloc(TokenObject *token)
{
    Py_XDECREF(token->kind);
    Py_XDECREF(token->text);
    PyObject_Free(token);
}

static PyObject *
token_end(TokenObject *token, void *closure)
{
    return PyLong_FromSsize_t(token->start + PyUnicode_GET_LENGTH(token->text));
}

static PyObject *
token_repr(TokenObject *token)
{
    return PyUnicode_FromFormat("Token(%R, %R, %zd)", token->kind, token->text, token->start);
}

static PyObject *
token_richcompare(PyObject *self, PyObject *other, int op)
{
    if (op != Py_EQ && op != Py_NE)
        Py_RETURN_NOTIMPLEMENTED;
    int equal = 0;
    if (Py_IS_TYPE(other, &TokenType)) {
        TokenObject *a = (TokenObject *)self, *b = (TokenObject *)other;
        equal = a->start == b->start;
        if (equal && (equal = PyUnicode_Compare(a->kind, b->kind) == 0))
            equal = PyUnicode_Compare(a->text, b->text) == 0;
        if (PyErr_Occurred())
            return NULL;
    }
    return PyBool_FromLong(op == Py_EQ ? equal : !equal);
}

static Py_hash_t
token_hash(TokenObject *token)
{
    PyObject *key = Py_BuildValue("(OOn)", token->kind, token->text, token->start);
    if (key == NULL)
        return -1;
    Py_hash_t hash = PyObject_Hash(key);
    Py_DECREF(key);
    return hash;
}

static PyObject *
token_reduce(TokenObject *token, PyObject *unused)
{
    return Py_BuildValue("(O(OOn))", Py_TYPE(token), token->kind, token->text, token->start);
}

static PyMemberDef token_members[] = {
    {"kind", T_OBJECT_EX, offsetof(TokenObject, kind), READONLY, "the token's kind"},
    {"text", T_OBJECT_EX, offsetof(TokenObject, text), READONLY, "its exact text"},
    {"start", T_PYSSIZET, offsetof(TokenObject, start), READONLY, "its offset in the source"},
    {NULL}
};

static PyGetSetDef token_getset[] = {
    {"end", (getter)token_end, NULL, "the offset just past the token", NULL},
    {NULL}
};

static PyMethodDef token_methods[] = {
    {"__reduce__", (PyCFunction)token_reduce, METH_NOARGS, NULL},
    {NULL}
};

static PyTypeObject TokenType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "translator.source._lexer.Token",
    .tp_doc = "One lexeme: its kind, its exact text and its offset in the source.",
    .tp_basicsize = sizeof(TokenObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = token_new,
    .tp_dealloc = (destructor)token_dealloc,
    .tp_repr = (reprfunc)token_repr,
    .tp_richcompare = token_richcompare,
    .tp_hash = (hashfunc)token_hash,
    .tp_members = token_members,
    .tp_getset = token_getset,
    .tp_methods = token_methods,
};

/* ---- the lexer ---- */

enum kind { SPACE, NEWLINE, COMMENT, STRING, CHAR, IDENT, NUMBER, PUNCT, KINDS };
static const char *kind_names[KINDS] = {
    "space", "newline", "comment", "string", "char", "ident", "number", "punct"
};
static PyObject *kind_objects[KINDS];

typedef struct {
    int unit; /* PyUnicode_KIND */
    const void *data;
    Py_ssize_t length;
} Text;

/* The character at I, or -1 past the end (no test below matches -1). */
static inline Py_UCS4
at(const Text *s, Py_ssize_t i)
{
    return i < s->length ? PyUnicode_READ(s->unit, s->data, i) : (Py_UCS4)-1;
}

/* \w and \d of a str pattern: the engine's own predicates. */
static inline int
is_word(Py_UCS4 c)
{
    if (c < 128)
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
               || c == '_';
    return c != (Py_UCS4)-1 && Py_UNICODE_ISALNUM(c);
}

static inline int
is_decimal(Py_UCS4 c)
{
    if (c < 128)
        return c >= '0' && c <= '9';
    return c != (Py_UCS4)-1 && Py_UNICODE_ISDECIMAL(c);
}

/* (?:[ \t\f\v]|\r(?!\n)|\\\r?\n)+ : the end of the run from I (I when there is none). */
static Py_ssize_t
space_end(const Text *s, Py_ssize_t i)
{
    for (;;) {
        Py_UCS4 c = at(s, i);
        if (c == ' ' || c == '\t' || c == '\f' || c == '\v')
            i += 1;
        else if (c == '\r' && at(s, i + 1) != '\n')
            i += 1;
        else if (c == '\\' && at(s, i + 1) == '\n')
            i += 2;
        else if (c == '\\' && at(s, i + 1) == '\r' && at(s, i + 2) == '\n')
            i += 3;
        else
            return i;
    }
}

/* The end of the line comment at I (at its newline) when the text is one byte per
   character and the comment holds no backslash, as most do; -1 otherwise (then the
   callers read it character by character). */
static Py_ssize_t
plain_line_comment_end(const Text *s, Py_ssize_t i)
{
    if (s->unit != PyUnicode_1BYTE_KIND)
        return -1;
    const Py_UCS1 *d = s->data;
    const Py_UCS1 *newline = memchr(d + i + 2, '\n', (size_t)(s->length - i - 2));
    Py_ssize_t end = newline == NULL ? s->length : newline - d;
    return memchr(d + i + 2, '\\', (size_t)(end - i - 2)) == NULL ? end : -1;
}

/* //{run}(?:\\(?:\r?\n)?{run})* where a run holds no newline and no backslash. */
static Py_ssize_t
line_comment_end(const Text *s, Py_ssize_t i)
{
    Py_ssize_t plain = plain_line_comment_end(s, i);
    if (plain >= 0)
        return plain;
    for (i += 2;;) {
        Py_UCS4 c = at(s, i);
        if (c == (Py_UCS4)-1 || c == '\n')
            return i;
        i += 1;
        if (c == '\\') {
            if (at(s, i) == '\r' && at(s, i + 1) == '\n')
                i += 2;
            else if (at(s, i) == '\n')
                i += 1;
        }
    }
}

/* /\*[^*]*(?:\*(?!/)[^*]*)*(?:\*\/|\Z) */
static Py_ssize_t
block_comment_end(const Text *s, Py_ssize_t i)
{
    if (s->unit == PyUnicode_1BYTE_KIND) { /* from star to star: comments are long */
        const Py_UCS1 *d = s->data;
        for (i += 2; i < s->length; i++) {
            const Py_UCS1 *star = memchr(d + i, '*', (size_t)(s->length - i));
            if (star == NULL)
                break;
            i = star - d;
            if (i + 1 < s->length && d[i + 1] == '/')
                return i + 2;
        }
        return s->length;
    }
    for (i += 2; i < s->length; i++) {
        if (at(s, i) == '*' && at(s, i + 1) == '/')
            return i + 2;
    }
    return s->length;
}

/* The length of the encoding prefix (u8, u, U or L) at I that QUOTE follows after
   AFTER_PREFIX more characters of EXTRA ("R" for a raw string, "" otherwise); -1 when
   none does. The pattern tries u8, u, U, L, then no prefix; at most one fits the text. */
static Py_ssize_t
prefix_length(const Text *s, Py_ssize_t i, int raw, Py_UCS4 quote)
{
    Py_UCS4 c = at(s, i);
    Py_ssize_t length = 0;
    if (c == 'u' && at(s, i + 1) == '8' && at(s, i + 2 + raw) == quote
        && (!raw || at(s, i + 2) == 'R'))
        length = 2;
    else if ((c == 'u' || c == 'U' || c == 'L') && at(s, i + 1 + raw) == quote
             && (!raw || at(s, i + 1) == 'R'))
        length = 1;
    else if (at(s, i + raw) == quote && (!raw || c == 'R'))
        length = 0;
    else
        return -1;
    return length;
}

/* {prefix}R"(?P<delim>[^ ()\\\t\n"]{0,16})\([\s\S]*?(?:\)(?P=delim)"|\Z): the end, or -1. */
static Py_ssize_t
raw_string_end(const Text *s, Py_ssize_t i)
{
    Py_ssize_t prefix = prefix_length(s, i, 1, '"');
    if (prefix < 0)
        return -1;
    Py_ssize_t delim = i + prefix + 2, open = delim;
    for (;;) {
        Py_UCS4 c = at(s, open);
        if (c == (Py_UCS4)-1 || c == ' ' || c == '(' || c == ')' || c == '\\' || c == '\t'
            || c == '\n' || c == '"')
            break;
        open++;
    }
    Py_ssize_t delim_length = open - delim;
    if (delim_length > 16 || at(s, open) != '(')
        return -1;
    for (Py_ssize_t j = open + 1; j < s->length; j++) {
        if (at(s, j) != ')' || at(s, j + 1 + delim_length) != '"')
            continue;
        Py_ssize_t k = 0;
        while (k < delim_length && at(s, j + 1 + k) == at(s, delim + k))
            k++;
        if (k == delim_length)
            return j + 2 + delim_length;
    }
    return s->length;
}

/* {prefix}Q{run}(?:\\[\s\S]{run})*(?:Q|(?=\n)|\Z) for the quote Q, where a run holds no
   newline, backslash or Q: the end, or -1 (a backslash that ends the text fails it). */
static Py_ssize_t
quoted_end(const Text *s, Py_ssize_t i, Py_UCS4 quote)
{
    Py_ssize_t prefix = prefix_length(s, i, 0, quote);
    if (prefix < 0)
        return -1;
    for (i += prefix + 1;; i++) {
        Py_UCS4 c = at(s, i);
        if (c == quote)
            return i + 1;
        if (c == '\n' || c == (Py_UCS4)-1)
            return i;
        if (c == '\\') {
            if (i + 1 >= s->length)
                return -1;
            i++;
        }
    }
}

/* \.?\d(?:[eEpP][+-]|'(?=\w)|[\w.])* from a position that starts one. */
static Py_ssize_t
number_end(const Text *s, Py_ssize_t i)
{
    i += at(s, i) == '.' ? 2 : 1;
    for (;;) {
        Py_UCS4 c = at(s, i);
        Py_UCS4 next = at(s, i + 1);
        if ((c == 'e' || c == 'E' || c == 'p' || c == 'P') && (next == '+' || next == '-'))
            i += 2;
        else if (c == '\'' && is_word(next))
            i += 1;
        else if (c == '.' || is_word(c))
            i += 1;
        else
            return i;
    }
}

/* <<<|>>>|<<=|>>=|->\*|\.\.\.|::|->|\+\+|--|<<|>>|&&|\|\||\#\#|[-+*\/%&|^!=<>]=|[\s\S] */
static Py_ssize_t
punct_end(const Text *s, Py_ssize_t i)
{
    Py_UCS4 a = at(s, i), b = at(s, i + 1), c = at(s, i + 2);
    if (((a == '<' || a == '>') && b == a && (c == a || c == '='))
        || (a == '-' && b == '>' && c == '*') || (a == '.' && b == '.' && c == '.'))
        return i + 3;
    if ((a == ':' && b == ':') || (a == '-' && b == '>') || (a == '+' && b == '+')
        || (a == '-' && b == '-') || (a == '<' && b == '<') || (a == '>' && b == '>')
        || (a == '&' && b == '&') || (a == '|' && b == '|') || (a == '#' && b == '#'))
        return i + 2;
    if (b == '=' && a < 128 && strchr("-+*/%&|^!=<>", (int)a) != NULL && a != 0)
        return i + 2;
    return i + 1;
}

/* The kind and end of the token at I (< length). */
static enum kind
next_token(const Text *s, Py_ssize_t i, Py_ssize_t *end)
{
    Py_UCS4 c = at(s, i);
    Py_ssize_t j;
    if ((j = space_end(s, i)) > i) {
        *end = j;
        return SPACE;
    }
    if (c == '\n' || (c == '\r' && at(s, i + 1) == '\n')) {
        *end = i + (c == '\r' ? 2 : 1);
        return NEWLINE;
    }
    if (c == '/' && at(s, i + 1) == '/') {
        *end = line_comment_end(s, i);
        return COMMENT;
    }
    if (c == '/' && at(s, i + 1) == '*') {
        *end = block_comment_end(s, i);
        return COMMENT;
    }
    if (c == '"' || c == '\'' || c == 'u' || c == 'U' || c == 'L' || c == 'R') {
        if ((j = raw_string_end(s, i)) >= 0 || (j = quoted_end(s, i, '"')) >= 0) {
            *end = j;
            return STRING;
        }
        if ((j = quoted_end(s, i, '\'')) >= 0) {
            *end = j;
            return CHAR;
        }
    }
    if (c == '$' || (is_word(c) && !is_decimal(c))) {
        for (j = i + 1; at(s, j) == '$' || is_word(at(s, j)); j++)
            ;
        *end = j;
        return IDENT;
    }
    if (is_decimal(c) || (c == '.' && is_decimal(at(s, i + 1)))) {
        *end = number_end(s, i);
        return NUMBER;
    }
    *end = punct_end(s, i);
    return PUNCT;
}

/* One text object per distinct identifier, number or operator of a lex() call: a file
   names the same few hundred identifiers thousands of times, and one shared str per
   name is one allocation and one hash instead of thousands (the passes that index the
   tokens by text compare by identity first). Borrowed references: the token list holds
   every text while the call runs. Only one-byte texts, whose characters are compared
   directly; the others get a str per token, as before. */
typedef struct {
    size_t mask;     /* capacity - 1, a power of two minus one */
    size_t used;
    size_t *hashes;
    PyObject **texts;
    size_t first;    /* the capacity of the first table */
} SharedTexts;

/* The first capacity for lexing LENGTH characters: a directive's line or a call, lexed
   alone thousands of times a file, zeroes a small table, not a file's 1024 slots (the
   zeroing of those was 2 % of a token-only run); the table doubles as it fills. */
static size_t
shared_texts_first(Py_ssize_t length)
{
    size_t capacity = 16;
    while (capacity < 1024 && (Py_ssize_t)capacity * 16 < length)
        capacity *= 2;
    return capacity;
}

static int
shared_texts_grow(SharedTexts *t)
{
    size_t capacity = t->texts == NULL ? t->first : (t->mask + 1) * 2;
    size_t *hashes = PyMem_Calloc(capacity, sizeof(size_t));
    PyObject **texts = PyMem_Calloc(capacity, sizeof(PyObject *));
    if (hashes == NULL || texts == NULL) {
        PyMem_Free(hashes);
        PyMem_Free(texts);
        PyErr_NoMemory();
        return -1;
    }
    for (size_t i = 0; t->texts != NULL && i <= t->mask; i++) {
        if (t->texts[i] == NULL)
            continue;
        size_t slot = t->hashes[i] & (capacity - 1);
        while (texts[slot] != NULL)
            slot = (slot + 1) & (capacity - 1);
        hashes[slot] = t->hashes[i];
        texts[slot] = t->texts[i];
    }
    PyMem_Free(t->hashes);
    PyMem_Free(t->texts);
    t->hashes = hashes;
    t->texts = texts;
    t->mask = capacity - 1;
    return 0;
}

/* A new reference to the str of SOURCE[I:END] (one-byte DATA), shared with the earlier
   tokens of the same text; NULL on error. */
static PyObject *
shared_text(SharedTexts *t, PyObject *source, const Py_UCS1 *data, Py_ssize_t i,
            Py_ssize_t end)
{
    size_t length = (size_t)(end - i), hash = 14695981039346656037ULL; /* FNV-1a */
    for (size_t k = 0; k < length; k++)
        hash = (hash ^ data[i + k]) * 1099511628211ULL;
    if ((t->used + 1) * 2 > t->mask + 1 || t->texts == NULL) {
        if (shared_texts_grow(t) < 0)
            return NULL;
    }
    size_t slot = hash & t->mask;
    for (PyObject *known; (known = t->texts[slot]) != NULL; slot = (slot + 1) & t->mask) {
        if (t->hashes[slot] == hash && (size_t)PyUnicode_GET_LENGTH(known) == length
                && memcmp(PyUnicode_1BYTE_DATA(known), data + i, length) == 0) {
            Py_INCREF(known);
            return known;
        }
    }
    PyObject *text = PyUnicode_Substring(source, i, end);
    if (text == NULL)
        return NULL;
    t->hashes[slot] = hash;
    t->texts[slot] = text;
    t->used++;
    return text;
}

/* Spans of a text whose tokens lex() leaves out: STARTS and ENDS, lists of ints,
   increasing and disjoint; NEXT is the index of the span that START and END hold. */
typedef struct {
    PyObject *starts, *ends;
    Py_ssize_t next, start, end;
} Spans;

/* Load span NEXT into START and END (PY_SSIZE_T_MAX past the last); -1 on error. Only
   exact ints are read: nothing here may run Python code while lex() holds the lists. */
static int
spans_load(Spans *spans)
{
    spans->start = spans->end = PY_SSIZE_T_MAX;
    if (spans->next >= PyList_GET_SIZE(spans->starts)
            || spans->next >= PyList_GET_SIZE(spans->ends))
        return 0;
    PyObject *start = PyList_GET_ITEM(spans->starts, spans->next);
    PyObject *end = PyList_GET_ITEM(spans->ends, spans->next);
    if (!PyLong_CheckExact(start) || !PyLong_CheckExact(end)) {
        PyErr_SetString(PyExc_TypeError, "lex: the spans left out must be ints");
        return -1;
    }
    spans->start = PyLong_AsSsize_t(start);
    spans->end = PyLong_AsSsize_t(end);
    return PyErr_Occurred() ? -1 : 0;
}

/* Whether the token at OFFSET (offsets increase from call to call) lies in a span:
   1 yes, 0 no, -1 on error. */
static int
spans_hold(Spans *spans, Py_ssize_t offset)
{
    while (offset >= spans->end) {
        spans->next++;
        if (spans_load(spans) < 0)
            return -1;
    }
    return offset >= spans->start;
}

static PyObject *
lex(PyObject *module, PyObject *args, PyObject *kwargs)
{
    static char *names[] = {"source", "start", "end", "code_only", "line", "outside", NULL};
    PyObject *source, *outside = Py_None;
    Py_ssize_t start = 0, stop = PY_SSIZE_T_MAX;
    int code_only = 0, line = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "U|nnppO:lex", names, &source, &start,
                                     &stop, &code_only, &line, &outside))
        return NULL;
    Spans spans = {NULL, NULL, 0, PY_SSIZE_T_MAX, PY_SSIZE_T_MAX};
    if (outside != Py_None) {
        if (line) {
            PyErr_SetString(PyExc_ValueError, "lex: OUTSIDE does not go with LINE");
            return NULL;
        }
        if (!PyTuple_Check(outside)) {
            PyErr_SetString(PyExc_TypeError, "lex: OUTSIDE is a tuple (starts, ends)");
            return NULL;
        }
        if (!PyArg_ParseTuple(outside, "O!O!:lex's outside", &PyList_Type, &spans.starts,
                              &PyList_Type, &spans.ends))
            return NULL;
        if (PyList_GET_SIZE(spans.starts) != PyList_GET_SIZE(spans.ends)) {
            PyErr_SetString(PyExc_ValueError, "lex: as many starts as ends in OUTSIDE");
            return NULL;
        }
        if (spans_load(&spans) < 0)
            return NULL;
    }
    Text s = {PyUnicode_KIND(source), PyUnicode_DATA(source), PyUnicode_GET_LENGTH(source)};
    if (stop < s.length)
        s.length = stop < 0 ? 0 : stop; /* as the engine's endpos: the text ends there */
    PyObject *tokens = PyList_New(0);
    if (tokens == NULL)
        return NULL;
    SharedTexts shared = {0, 0, NULL, NULL, shared_texts_first(s.length - start)};
    for (Py_ssize_t i = start < 0 ? 0 : start, end; i < s.length; i = end) {
        enum kind kind = next_token(&s, i, &end);
        int last = line && kind == NEWLINE;
        if (code_only && !last && (kind == SPACE || kind == NEWLINE || kind == COMMENT))
            continue;
        if (spans.starts != NULL) {
            int held = spans_hold(&spans, i);
            if (held < 0)
                goto fail;
            if (held)
                continue;
        }
        /* one character: CPython's own shared one-character strings */
        PyObject *text = s.unit == PyUnicode_1BYTE_KIND && end - i > 1
                         && (kind == IDENT || kind == NUMBER || kind == PUNCT)
                         ? shared_text(&shared, source, (const Py_UCS1 *)s.data, i, end)
                         : PyUnicode_Substring(source, i, end);
        if (text == NULL)
            goto fail;
        PyObject *token = token_make(kind_objects[kind], text, i);
        if (token == NULL) {
            Py_DECREF(text);
            goto fail;
        }
        int failed = PyList_Append(tokens, token);
        Py_DECREF(token);
        if (failed)
            goto fail;
        if (last)
            break;
    }
    PyMem_Free(shared.hashes);
    PyMem_Free(shared.texts);
    return tokens;
fail:
    PyMem_Free(shared.hashes);
    PyMem_Free(shared.texts);
    Py_DECREF(tokens);
    return NULL;
}

/* ---- the regions of translator.source.scan (its _REGIONS pattern, compiled) ---- */

/* [\w$] of a str pattern. */
static inline int
is_word_or_dollar(Py_UCS4 c)
{
    return c == '$' || is_word(c);
}

/* Whether none of [\w$] comes before I. */
static inline int
starts_word(const Text *s, Py_ssize_t i)
{
    return i <= 0 || !is_word_or_dollar(at(s, i - 1));
}

/* The lookbehinds of a raw string's quote at I: R, uR, UR, LR or u8R before it, whole. */
static int
raw_quote(const Text *s, Py_ssize_t i)
{
    if (i < 1 || at(s, i - 1) != 'R')
        return 0;
    if (starts_word(s, i - 1))
        return 1;
    Py_UCS4 p = i >= 2 ? at(s, i - 2) : 0;
    if ((p == 'u' || p == 'U' || p == 'L') && starts_word(s, i - 2))
        return 1;
    return i >= 3 && p == '8' && at(s, i - 3) == 'u' && starts_word(s, i - 3);
}

/* The lookbehinds of a character literal's quote at I: nothing of [\w$], or u, U, L or
   u8 whole, before it. */
static int
character_quote(const Text *s, Py_ssize_t i)
{
    if (starts_word(s, i))
        return 1;
    Py_UCS4 p = at(s, i - 1);
    if ((p == 'u' || p == 'U' || p == 'L') && starts_word(s, i - 1))
        return 1;
    return i >= 2 && p == '8' && at(s, i - 2) == 'u' && starts_word(s, i - 2);
}

/* //{run}(?:\\(?:\r\n|[\s\S]){run})* where a run holds no newline and no backslash: a
   backslash carries the comment over any character, and one that ends the text is
   left out of it. */
static Py_ssize_t
region_line_comment_end(const Text *s, Py_ssize_t i)
{
    Py_ssize_t plain = plain_line_comment_end(s, i);
    if (plain >= 0)
        return plain;
    for (i += 2;;) {
        Py_UCS4 c = at(s, i);
        if (c == (Py_UCS4)-1 || c == '\n')
            return i;
        if (c != '\\')
            i += 1;
        else if (i + 1 >= s->length)
            return i;
        else
            i += at(s, i + 1) == '\r' && at(s, i + 2) == '\n' ? 3 : 2;
    }
}

/* \#[ \t]*(?:include_next|include|import)[ \t]*<[^>\n]*> at I: the span of the header
   name in *START and the return value, or -1. */
static Py_ssize_t
header_name_end(const Text *s, Py_ssize_t i, Py_ssize_t *start)
{
    static const char *keywords[] = {"include_next", "include", "import"};
    Py_ssize_t j = i + 1;
    while (at(s, j) == ' ' || at(s, j) == '\t')
        j++;
    for (int k = 0; k < 3; k++) {
        Py_ssize_t m = 0;
        while (keywords[k][m] != 0 && at(s, j + m) == (Py_UCS4)keywords[k][m])
            m++;
        if (keywords[k][m] != 0)
            continue;
        Py_ssize_t open = j + m;
        while (at(s, open) == ' ' || at(s, open) == '\t')
            open++;
        if (at(s, open) != '<')
            continue;
        for (Py_ssize_t close = open + 1;; close++) {
            Py_UCS4 c = at(s, close);
            if (c == '>') {
                *start = open;
                return close + 1;
            }
            if (c == '\n' || c == (Py_UCS4)-1)
                break;
        }
    }
    return -1;
}

/* Append ITEM, a new reference or NULL (an error already set), to LIST and drop the
   reference; -1 on error. */
static int
append_new(PyObject *list, PyObject *item)
{
    int failed = item == NULL || PyList_Append(list, item) < 0;
    Py_XDECREF(item);
    return failed ? -1 : 0;
}

static int
append_offset(PyObject *list, Py_ssize_t offset)
{
    return append_new(list, PyLong_FromSsize_t(offset));
}

static PyObject *
regions(PyObject *module, PyObject *args)
{
    PyObject *source;
    if (!PyArg_ParseTuple(args, "U:regions", &source))
        return NULL;
    Text s = {PyUnicode_KIND(source), PyUnicode_DATA(source), PyUnicode_GET_LENGTH(source)};
    PyObject *starts = PyList_New(0), *ends = PyList_New(0);
    if (starts == NULL || ends == NULL)
        goto fail;
    const Py_UCS1 *bytes = s.unit == PyUnicode_1BYTE_KIND ? s.data : NULL;
    for (Py_ssize_t i = 0; i < s.length;) {
        if (bytes != NULL) { /* on to the next character that may begin a region */
            while (i < s.length && bytes[i] != '/' && bytes[i] != '"' && bytes[i] != '\''
                   && bytes[i] != '#')
                i++;
            if (i == s.length)
                break;
        }
        Py_UCS4 c = at(&s, i);
        Py_ssize_t start = i, end = -1;
        if (c == '/' && at(&s, i + 1) == '/')
            end = region_line_comment_end(&s, i);
        else if (c == '/' && at(&s, i + 1) == '*')
            end = block_comment_end(&s, i);
        else if (c == '"') {
            if (raw_quote(&s, i))
                end = raw_string_end(&s, i - 1); /* from the R: no prefix before it */
            if (end < 0)
                end = quoted_end(&s, i, '"');
        }
        else if (c == '\'' && character_quote(&s, i))
            end = quoted_end(&s, i, '\'');
        else if (c == '#')
            end = header_name_end(&s, i, &start);
        if (end < 0) {
            i += 1; /* ordinary, or a special character that starts no region */
            continue;
        }
        if (append_offset(starts, start) < 0 || append_offset(ends, end) < 0)
            goto fail;
        i = end;
    }
    PyObject *pair = PyTuple_Pack(2, starts, ends);
    Py_DECREF(starts);
    Py_DECREF(ends);
    return pair;
fail:
    Py_XDECREF(starts);
    Py_XDECREF(ends);
    return NULL;
}

/* ---- the directives of translator.source.scan.find_directives ---- */

/* Where the line of the "#" at I ends, following line splices: at its "\n", or at the
   "\r" of its "\r\n" (scan._logical_line_end). */
static Py_ssize_t
logical_line_end(const Text *s, Py_ssize_t i)
{
    for (;;) {
        Py_ssize_t newline = i;
        while (newline < s->length && at(s, newline) != '\n')
            newline++;
        if (newline == s->length)
            return s->length;
        Py_ssize_t end = at(s, newline - 1) == '\r' ? newline - 1 : newline;
        if (at(s, end - 1) != '\\')
            return end;
        i = newline + 1;
    }
}

/* (?:[ \t\f\v]|\r(?!\n)|\\\r?\n)*((?:[^\W\d]|\$)(?:\w|\$)*) from I, the text ending at
   END (scan._FIRST_WORD): the word's span in *WORD_START and the return value, or -1. */
static Py_ssize_t
first_word_end(const Text *s, Py_ssize_t i, Py_ssize_t end, Py_ssize_t *word_start)
{
    Text line = {s->unit, s->data, end}; /* as the engine's endpos */
    i = space_end(&line, i); /* the same blanks and splices */
    Py_UCS4 c = at(&line, i);
    if (!(c == '$' || (is_word(c) && !is_decimal(c))))
        return -1;
    *word_start = i;
    for (i++; is_word_or_dollar(at(&line, i)); i++)
        ;
    return i;
}

static PyObject *
directive_lines(PyObject *module, PyObject *args)
{
    PyObject *source, *starts, *ends;
    if (!PyArg_ParseTuple(args, "UO!O!:directive_lines", &source, &PyList_Type, &starts,
                          &PyList_Type, &ends))
        return NULL;
    Text s = {PyUnicode_KIND(source), PyUnicode_DATA(source), PyUnicode_GET_LENGTH(source)};
    PyObject *found = PyList_New(0);
    if (found == NULL)
        return NULL;
    Spans spans = {starts, ends, 0, PY_SSIZE_T_MAX, PY_SSIZE_T_MAX}; /* lex()'s cursor */
    if (spans_load(&spans) < 0)
        goto fail;
    Py_ssize_t covered = -1;
    for (Py_ssize_t i = 0; i < s.length; i++) {
        if (s.unit == PyUnicode_1BYTE_KIND) {
            const Py_UCS1 *hash = memchr((const Py_UCS1 *)s.data + i, '#',
                                         (size_t)(s.length - i));
            if (hash == NULL)
                break;
            i = hash - (const Py_UCS1 *)s.data;
        }
        else if (at(&s, i) != '#')
            continue;
        if (i < covered)
            continue;
        Py_ssize_t line_start = i; /* only blanks before the "#" on its line */
        while (line_start > 0) {
            Py_UCS4 c = at(&s, line_start - 1);
            if (c != ' ' && c != '\t' && c != '\f' && c != '\v')
                break;
            line_start--;
        }
        if (line_start > 0 && at(&s, line_start - 1) != '\n')
            continue;
        int held = spans_hold(&spans, i);
        if (held < 0)
            goto fail;
        if (held)
            continue;
        if (line_start > 0) { /* a line continued from the one before is no directive */
            Py_ssize_t before = line_start - 2;
            if (before >= 0 && at(&s, before) == '\r')
                before--;
            if (before >= 0 && at(&s, before) == '\\')
                continue;
        }
        Py_ssize_t line_end = logical_line_end(&s, i), special = i + 1;
        while (special < line_end && at(&s, special) != '/' && at(&s, special) != '"'
               && at(&s, special) != '\'')
            special++;
        PyObject *entry;
        if (special == line_end || (at(&s, special) == '/' && at(&s, special + 1) == '/')) {
            /* no literal or block comment: the keyword is the first word */
            Py_ssize_t word_start = 0, word_end = first_word_end(&s, i + 1, special, &word_start);
            PyObject *keyword = word_end < 0 ? PyUnicode_New(0, 0)
                                : PyUnicode_Substring(source, word_start, word_end);
            entry = keyword == NULL ? NULL : Py_BuildValue("(nnnN)", i, line_end, special, keyword);
            covered = line_end;
        }
        else { /* lexed to its newline, which a block comment or literal may move */
            Py_ssize_t end = i + 1, next;
            for (;;) {
                if (end >= s.length) {
                    end = s.length;
                    break;
                }
                if (next_token(&s, end, &next) == NEWLINE)
                    break;
                end = next;
            }
            entry = Py_BuildValue("(nnnO)", i, end, (Py_ssize_t)-1, Py_None);
            covered = end;
        }
        if (append_new(found, entry) < 0)
            goto fail;
    }
    return found;
fail:
    Py_DECREF(found);
    return NULL;
}

/* One byte per character of a LENGTH-character text (and one past its end): 1 inside the
   regions STARTS[i]..ENDS[i] (increasing, disjoint, within the text), 0 elsewhere. */
static PyObject *
region_mask(PyObject *module, PyObject *args)
{
    Py_ssize_t length;
    PyObject *starts, *ends;
    if (!PyArg_ParseTuple(args, "nO!O!:region_mask", &length, &PyList_Type, &starts,
                          &PyList_Type, &ends))
        return NULL;
    Py_ssize_t count = PyList_GET_SIZE(starts);
    if (length < 0 || PyList_GET_SIZE(ends) != count) {
        PyErr_SetString(PyExc_ValueError, "region_mask: a negative length, or as many "
                        "starts as ends");
        return NULL;
    }
    PyObject *mask = PyByteArray_FromStringAndSize(NULL, length + 1);
    if (mask == NULL)
        return NULL;
    char *bytes = PyByteArray_AS_STRING(mask);
    memset(bytes, 0, (size_t)length + 1);
    for (Py_ssize_t i = 0; i < count; i++) {
        Py_ssize_t start = PyLong_AsSsize_t(PyList_GET_ITEM(starts, i));
        Py_ssize_t end = PyLong_AsSsize_t(PyList_GET_ITEM(ends, i));
        if ((start == -1 || end == -1) && PyErr_Occurred()) {
            Py_DECREF(mask);
            return NULL;
        }
        /* clamped as a slice assignment would be: a region never reaches past the text */
        start = start < 0 ? 0 : start > length + 1 ? length + 1 : start;
        end = end < start ? start : end > length + 1 ? length + 1 : end;
        memset(bytes + start, 1, (size_t)(end - start));
    }
    return mask;
}

/* ---- passes over a token list that most files pay for ---- */

/* The text (or kind) of ITEM, a borrowed reference for a Token of this module. */
static PyObject *
token_field(PyObject *item, int want_kind, PyObject **owned)
{
    *owned = NULL;
    if (Py_IS_TYPE(item, &TokenType))
        return want_kind ? ((TokenObject *)item)->kind : ((TokenObject *)item)->text;
    return *owned = PyObject_GetAttrString(item, want_kind ? "kind" : "text");
}

static PyObject *
indexes_in(PyObject *module, PyObject *args)
{
    PyObject *tokens, *texts;
    if (!PyArg_ParseTuple(args, "O!O:indexes_in", &PyList_Type, &tokens, &texts))
        return NULL;
    PyObject *found = PyList_New(0);
    if (found == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(tokens); i++) {
        PyObject *owned, *text = token_field(PyList_GET_ITEM(tokens, i), 0, &owned);
        int hit = text == NULL ? -1 : PySequence_Contains(texts, text);
        Py_XDECREF(owned);
        if (hit < 0)
            goto fail;
        if (hit && append_offset(found, i) < 0)
            goto fail;
    }
    return found;
fail:
    Py_DECREF(found);
    return NULL;
}

/* The indexes of the TOKENS by text, and of the identifiers alone (the same lists: no
   token of another kind has an identifier's text). */
static PyObject *
token_positions(PyObject *module, PyObject *args)
{
    PyObject *tokens;
    if (!PyArg_ParseTuple(args, "O!:token_positions", &PyList_Type, &tokens))
        return NULL;
    PyObject *by_text = PyDict_New(), *identifiers = PyDict_New(), *pair = NULL;
    if (by_text == NULL || identifiers == NULL)
        goto done;
    /* The list of each text object seen lately, by its address: the texts of one lex()
       call are shared (and one-character ones are CPython's own), so most tokens find
       their list here without a dictionary lookup. Borrowed: the dictionary holds both. */
    enum { RECENT = 64 };
    PyObject *recent_text[RECENT] = {NULL}, *recent_list[RECENT] = {NULL};
    int recent = 1; /* until an item is no Token: reading it may run code that frees texts */
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(tokens); i++) {
        PyObject *item = PyList_GET_ITEM(tokens, i), *owned_text;
        PyObject *text = token_field(item, 0, &owned_text);
        if (owned_text != NULL)
            recent = 0;
        size_t slot = ((size_t)text >> 4) % RECENT;
        PyObject *list = text == NULL ? NULL
                         : recent && recent_text[slot] == text ? recent_list[slot]
                         : PyDict_GetItemWithError(by_text, text);
        int failed = text == NULL || (list == NULL && PyErr_Occurred());
        if (!failed && list == NULL) {
            PyObject *owned_kind, *kind = token_field(item, 1, &owned_kind);
            int ident = kind == NULL ? -1
                        : kind == kind_objects[IDENT] ? 1
                        : PyObject_RichCompareBool(kind, kind_objects[IDENT], Py_EQ);
            Py_XDECREF(owned_kind);
            list = ident < 0 ? NULL : PyList_New(0);
            failed = list == NULL || PyDict_SetItem(by_text, text, list) < 0
                     || (ident && PyDict_SetItem(identifiers, text, list) < 0);
            Py_XDECREF(list); /* the dictionaries hold it */
        }
        if (!failed && recent) {
            recent_text[slot] = text;
            recent_list[slot] = list;
        }
        PyObject *index = failed ? NULL : PyLong_FromSsize_t(i);
        failed = index == NULL || PyList_Append(list, index) < 0;
        Py_XDECREF(index);
        Py_XDECREF(owned_text);
        if (failed)
            goto done;
    }
    pair = PyTuple_Pack(2, by_text, identifiers);
done:
    Py_XDECREF(by_text);
    Py_XDECREF(identifiers);
    return pair;
}

/* The start of each of the TOKENS. */
static PyObject *
token_starts(PyObject *module, PyObject *args)
{
    PyObject *tokens;
    if (!PyArg_ParseTuple(args, "O!:token_starts", &PyList_Type, &tokens))
        return NULL;
    Py_ssize_t count = PyList_GET_SIZE(tokens);
    PyObject *starts = PyList_New(count);
    if (starts == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item = PyList_GET_ITEM(tokens, i);
        PyObject *start = Py_IS_TYPE(item, &TokenType)
                          ? PyLong_FromSsize_t(((TokenObject *)item)->start)
                          : PyObject_GetAttrString(item, "start");
        if (start == NULL) {
            Py_DECREF(starts);
            return NULL;
        }
        PyList_SET_ITEM(starts, i, start);
    }
    return starts;
}

/* ---- identifiers by prefix (translator.unit.Unit.api_offsets) ---- */

/* [\w$] for the characters of a one-byte text (filled when the module loads). */
static unsigned char latin1_word[256];

/* The next word (a whole run of [\w$]) at or after I: its start in *START and its end,
   or -1 when there is none. Most texts are one byte per character: read directly. */
static Py_ssize_t
next_word(const Text *s, Py_ssize_t i, Py_ssize_t *start)
{
    if (s->unit == PyUnicode_1BYTE_KIND) {
        const Py_UCS1 *d = s->data;
        while (i < s->length && !latin1_word[d[i]])
            i++;
        *start = i;
        while (i < s->length && latin1_word[d[i]])
            i++;
    }
    else {
        while (i < s->length && !is_word_or_dollar(at(s, i)))
            i++;
        *start = i;
        while (i < s->length && is_word_or_dollar(at(s, i)))
            i++;
    }
    return *start < s->length ? i : -1;
}

static PyObject *
words_with_prefixes(PyObject *module, PyObject *args)
{
    PyObject *source, *prefixes, *starts, *ends;
    if (!PyArg_ParseTuple(args, "UO!O!O!:words_with_prefixes", &source, &PyTuple_Type, &prefixes,
                          &PyList_Type, &starts, &PyList_Type, &ends))
        return NULL;
    Text s = {PyUnicode_KIND(source), PyUnicode_DATA(source), PyUnicode_GET_LENGTH(source)};
    Py_ssize_t groups = PyTuple_GET_SIZE(prefixes), regions = PyList_GET_SIZE(starts);
    if (PyList_GET_SIZE(ends) != regions) {
        PyErr_SetString(PyExc_ValueError, "starts and ends differ in length");
        return NULL;
    }
    /* the prefixes' characters, read once: each word is compared with every prefix */
    enum { MOST = 16, LONGEST = 8 };
    Py_UCS4 chars[MOST][LONGEST];
    Py_ssize_t lengths[MOST];
    if (groups > MOST) {
        PyErr_SetString(PyExc_ValueError, "too many prefixes");
        return NULL;
    }
    for (Py_ssize_t k = 0; k < groups; k++) {
        PyObject *prefix = PyTuple_GET_ITEM(prefixes, k);
        if (!PyUnicode_Check(prefix) || PyUnicode_GET_LENGTH(prefix) > LONGEST) {
            PyErr_SetString(PyExc_TypeError, "prefixes must be short str");
            return NULL;
        }
        lengths[k] = PyUnicode_GET_LENGTH(prefix);
        for (Py_ssize_t m = 0; m < lengths[k]; m++)
            chars[k][m] = PyUnicode_READ_CHAR(prefix, m);
    }
    PyObject *found = PyDict_New(), *by_group = PyList_New(0);
    if (found == NULL || by_group == NULL)
        goto fail;
    for (Py_ssize_t k = 0; k < groups; k++) {
        PyObject *group = PyDict_New();
        if (group == NULL || PyList_Append(by_group, group) < 0) {
            Py_XDECREF(group);
            goto fail;
        }
        Py_DECREF(group);
    }
    /* the characters that begin a prefix: most words are passed over on their first */
    unsigned char begins[256] = {0};
    for (Py_ssize_t k = 0; k < groups; k++) {
        if (lengths[k] == 0 || chars[k][0] > 0xff) {
            memset(begins, 1, sizeof begins);
            break;
        }
        begins[chars[k][0]] = 1;
    }
    Py_ssize_t region = 0;
    for (Py_ssize_t i = 0, end; (end = next_word(&s, i, &i)) >= 0; i = end) {
        Py_UCS4 first = at(&s, i);
        if (first <= 0xff && !begins[first])
            continue;
        Py_ssize_t k = 0;
        for (; k < groups; k++) {
            Py_ssize_t m = 0;
            while (m < lengths[k] && i + m < end && at(&s, i + m) == chars[k][m])
                m++;
            if (m == lengths[k])
                break;
        }
        if (k == groups)
            continue;
        while (region < regions && PyLong_AsSsize_t(PyList_GET_ITEM(ends, region)) <= i)
            region++;
        if (PyErr_Occurred())
            goto fail;
        if (!(region < regions && PyLong_AsSsize_t(PyList_GET_ITEM(starts, region)) <= i)) {
            PyObject *group = PyList_GET_ITEM(by_group, k);
            PyObject *name = PyUnicode_Substring(source, i, end);
            PyObject *list = name == NULL ? NULL : PyDict_GetItemWithError(group, name);
            if (list == NULL && name != NULL && !PyErr_Occurred()) {
                if ((list = PyList_New(0)) != NULL && PyDict_SetItem(group, name, list) < 0)
                    Py_CLEAR(list);
                Py_XDECREF(list); /* the group holds it */
            }
            PyObject *offset = list == NULL ? NULL : PyLong_FromSsize_t(i);
            int failed = offset == NULL || PyList_Append(list, offset) < 0;
            Py_XDECREF(offset);
            Py_XDECREF(name);
            if (failed)
                goto fail;
        }
    }
    for (Py_ssize_t k = 0; k < groups; k++) { /* in the order of the prefixes */
        if (PyDict_Update(found, PyList_GET_ITEM(by_group, k)) < 0)
            goto fail;
    }
    Py_DECREF(by_group);
    return found;
fail:
    Py_XDECREF(found);
    Py_XDECREF(by_group);
    return NULL;
}

/* ---- bracket pairing (translator.analysis.expressions.CodeTokens) ---- */

/* A stack of token indexes. */
typedef struct {
    Py_ssize_t *items;
    Py_ssize_t size, room;
} Stack;

static int
stack_push(Stack *stack, Py_ssize_t item)
{
    if (stack->size == stack->room) {
        Py_ssize_t room = stack->room ? stack->room * 2 : 64;
        Py_ssize_t *items = PyMem_Realloc(stack->items, (size_t)room * sizeof(Py_ssize_t));
        if (items == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        stack->items = items;
        stack->room = room;
    }
    stack->items[stack->size++] = item;
    return 0;
}

static int
set_index(PyObject *dict, Py_ssize_t key, Py_ssize_t value)
{
    PyObject *k = PyLong_FromSsize_t(key), *v = PyLong_FromSsize_t(value);
    int failed = k == NULL || v == NULL || PyDict_SetItem(dict, k, v) < 0;
    Py_XDECREF(k);
    Py_XDECREF(v);
    return failed ? -1 : 0;
}

/* Which bracket TEXT is: 0 to 3 open ( [ { <<<, 4 to 7 close them, -1 none. */
static int
bracket_of(PyObject *text)
{
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    if (length == 1) {
        switch (PyUnicode_READ_CHAR(text, 0)) {
        case '(': return 0;
        case '[': return 1;
        case '{': return 2;
        case ')': return 4;
        case ']': return 5;
        case '}': return 6;
        default: return -1;
        }
    }
    if (length == 3) {
        if (PyUnicode_CompareWithASCIIString(text, "<<<") == 0)
            return 3;
        if (PyUnicode_CompareWithASCIIString(text, ">>>") == 0)
            return 7;
    }
    return -1;
}

static PyObject *
bracket_pairs(PyObject *module, PyObject *args)
{
    PyObject *tokens;
    if (!PyArg_ParseTuple(args, "O!:bracket_pairs", &PyList_Type, &tokens))
        return NULL;
    Stack open[4] = {{0}}, nesting = {0};
    PyObject *closers = PyDict_New(), *nested = PyDict_New(), *pairs = NULL;
    if (closers == NULL || nested == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(tokens); i++) {
        PyObject *owned, *text = token_field(PyList_GET_ITEM(tokens, i), 0, &owned);
        if (text == NULL)
            goto done;
        if (!PyUnicode_Check(text)) {
            Py_XDECREF(owned);
            continue; /* no bracket */
        }
        int bracket = bracket_of(text);
        Py_XDECREF(owned);
        if (bracket < 0)
            continue;
        if (bracket < 4) {
            if (stack_push(&open[bracket], i) < 0
                || (bracket < 3 && stack_push(&nesting, i) < 0))
                goto done;
            continue;
        }
        Stack *waiting = &open[bracket - 4];
        if (waiting->size && set_index(closers, waiting->items[--waiting->size], i) < 0)
            goto done;
        if (bracket < 7 && nesting.size && set_index(nested, nesting.items[--nesting.size], i) < 0)
            goto done;
    }
    pairs = PyTuple_Pack(2, closers, nested);
done:
    for (int k = 0; k < 4; k++)
        PyMem_Free(open[k].items);
    PyMem_Free(nesting.items);
    Py_XDECREF(closers);
    Py_XDECREF(nested);
    return pairs;
}

/* ---- texts a file contains (translator.unit.Unit.mentions) ---- */

/* Buckets of the needles by their first two characters (a hash of them). */
#define PAIR_BUCKETS 1024
#define PAIR_BUCKET(key) ((((unsigned)(key)) * 2654435761u) >> 22)

/* Whether the Latin-1 NEEDLE of SIZE characters is at position I of the text DATA. */
static int
same_at(int kind, const void *data, Py_ssize_t i, PyObject *needle, Py_ssize_t size)
{
    const unsigned char *wanted = PyUnicode_1BYTE_DATA(needle);
    if (kind == PyUnicode_1BYTE_KIND)
        return memcmp((const unsigned char *)data + i, wanted, (size_t)size) == 0;
    for (Py_ssize_t j = 0; j < size; j++) {
        if (PyUnicode_READ(kind, data, i + j) != wanted[j])
            return 0;
    }
    return 1;
}

/* Whether each of NEEDLES occurs in SOURCE, in one pass over the text: a position
   is compared only with the needles that begin with its two characters (a bitmap of the
   needles' first two characters rules out almost every position), and the pass ends
   once every needle was found. Rules test a file for a few dozen texts before they look
   at it; one str.find each read the file that many times. */
static PyObject *
contained(PyObject *module, PyObject *args)
{
    PyObject *source, *needles;
    if (!PyArg_ParseTuple(args, "UO!:contained", &source, &PyTuple_Type, &needles))
        return NULL;
    Py_ssize_t count = PyTuple_GET_SIZE(needles), length = PyUnicode_GET_LENGTH(source);
    for (Py_ssize_t k = 0; k < count; k++) {
        if (!PyUnicode_Check(PyTuple_GET_ITEM(needles, k))) {
            PyErr_SetString(PyExc_TypeError, "contained() needles must be str");
            return NULL;
        }
    }
    PyObject *found = PyList_New(count);
    char *done = PyMem_Calloc((size_t)count + 1, 1);
    Py_ssize_t *next = PyMem_Malloc(((size_t)count + 1) * sizeof(Py_ssize_t));
    Py_ssize_t *head = PyMem_Malloc(PAIR_BUCKETS * sizeof(Py_ssize_t));
    unsigned char *pairs = PyMem_Calloc(65536 / 8, 1);
    if (found == NULL || done == NULL || next == NULL || head == NULL || pairs == NULL) {
        if (found != NULL)
            PyErr_NoMemory();
        goto fail;
    }
    for (int b = 0; b < PAIR_BUCKETS; b++)
        head[b] = -1;
    Py_ssize_t remaining = 0;
    int kind = PyUnicode_KIND(source);
    const void *data = PyUnicode_DATA(source);
    for (Py_ssize_t k = count - 1; k >= 0; k--) {
        PyObject *needle = PyTuple_GET_ITEM(needles, k);
        Py_ssize_t size = PyUnicode_GET_LENGTH(needle);
        if (size < 2 || PyUnicode_KIND(needle) != PyUnicode_1BYTE_KIND) {
            /* one character, or a needle beyond Latin-1: CPython's own search */
            Py_ssize_t at = PyUnicode_Find(source, needle, 0, length, 1);
            if (at == -2)
                goto fail;
            done[k] = at >= 0;
            continue;
        }
        const unsigned char *first = PyUnicode_1BYTE_DATA(needle);
        unsigned key = (unsigned)first[0] << 8 | first[1];
        pairs[key >> 3] |= (unsigned char)(1u << (key & 7));
        next[k] = head[PAIR_BUCKET(key)];
        head[PAIR_BUCKET(key)] = k;
        remaining++;
    }
    for (Py_ssize_t i = 0; remaining && i + 1 < length; i++) {
        Py_UCS4 c0 = PyUnicode_READ(kind, data, i), c1 = PyUnicode_READ(kind, data, i + 1);
        if (c0 > 0xff || c1 > 0xff)
            continue; /* no needle has such a character */
        unsigned key = (unsigned)c0 << 8 | c1;
        if (!(pairs[key >> 3] & (1u << (key & 7))))
            continue;
        for (Py_ssize_t k = head[PAIR_BUCKET(key)]; k >= 0; k = next[k]) {
            PyObject *needle = PyTuple_GET_ITEM(needles, k);
            Py_ssize_t size = PyUnicode_GET_LENGTH(needle);
            if (!done[k] && size <= length - i && same_at(kind, data, i, needle, size)) {
                done[k] = 1;
                remaining--;
            }
        }
    }
    for (Py_ssize_t k = 0; k < count; k++) {
        PyObject *answer = done[k] ? Py_True : Py_False;
        Py_INCREF(answer);
        PyList_SET_ITEM(found, k, answer);
    }
    PyMem_Free(done);
    PyMem_Free(next);
    PyMem_Free(head);
    PyMem_Free(pairs);
    return found;
fail:
    Py_XDECREF(found);
    PyMem_Free(done);
    PyMem_Free(next);
    PyMem_Free(head);
    PyMem_Free(pairs);
    return NULL;
}

static PyMethodDef lexer_methods[] = {
    {"indexes_in", indexes_in, METH_VARARGS,
     "indexes_in(tokens, texts) -> list[int]\n\n"
     "The indexes of the TOKENS whose text is in TEXTS, in order."},
    {"token_positions", token_positions, METH_VARARGS,
     "token_positions(tokens) -> tuple[dict[str, list[int]], dict[str, list[int]]]\n\n"
     "The indexes of the TOKENS by text, each list in order, and those of the identifiers\n"
     "alone (the same lists)."},
    {"token_starts", token_starts, METH_VARARGS,
     "token_starts(tokens) -> list[int]\n\nThe start of each of the TOKENS."},
    {"words_with_prefixes", words_with_prefixes, METH_VARARGS,
     "words_with_prefixes(source, prefixes, starts, ends) -> dict[str, list[int]]\n\n"
     "The offsets of every word of SOURCE (a whole run of [\\w$]) that begins with one of\n"
     "PREFIXES and does not start in a region (STARTS and ENDS: sorted, disjoint), by word,\n"
     "the words of each prefix after those of the prefixes before it."},
    {"contained", contained, METH_VARARGS,
     "contained(source, needles) -> list[bool]\n\n"
     "Whether each of NEEDLES (a tuple of str) occurs in SOURCE, in one pass."},
    {"bracket_pairs", bracket_pairs, METH_VARARGS,
     "bracket_pairs(tokens) -> tuple[dict[int, int], dict[int, int]]\n\n"
     "Where each bracket of the TOKENS closes: by its own kind ((, [, {, <<<), and by\n"
     "the depth of (, [ and { counted together; unclosed ones are left out."},
    {"region_mask", region_mask, METH_VARARGS,
     "region_mask(length, starts, ends) -> bytearray\n\n"
     "One byte per character of a LENGTH-character text, and one past its end: 1 inside\n"
     "the regions STARTS[i]..ENDS[i] (as regions() gives them), 0 elsewhere."},
    {"directive_lines", directive_lines, METH_VARARGS,
     "directive_lines(source, starts, ends) -> list[tuple[int, int, int, str | None]]\n\n"
     "(start, end, code_end, keyword) of each directive of SOURCE, whose regions STARTS and\n"
     "ENDS are (as regions() gives them), as translator.source.scan's\n"
     "directive_lines_in_python gives them."},
    {"regions", regions, METH_VARARGS,
     "regions(source) -> tuple[list[int], list[int]]\n\n"
     "The starts and ends of the regions that translator.source.scan's _REGIONS finds in\n"
     "SOURCE: comments, string and character literals, and header names."},
    {"lex", (PyCFunction)(void (*)(void))lex, METH_VARARGS | METH_KEYWORDS,
     "lex(source, start=0, end=len(source), code_only=False, line=False, outside=None)\n"
     "-> list[Token]\n\n"
     "The tokens of SOURCE[START:END] (offsets in SOURCE), as TOKEN_PATTERN.finditer gives\n"
     "them; CODE_ONLY leaves out space, newline and comment tokens; LINE ends the list with\n"
     "the first newline token (kept even with CODE_ONLY). OUTSIDE, (starts, ends) of\n"
     "increasing disjoint spans, leaves out the tokens that start in one (not with LINE).\n"
     "Header names are not merged."},
    {NULL}
};

static struct PyModuleDef lexer_module = {
    PyModuleDef_HEAD_INIT, "translator.source._lexer",
    "The compiled lexer of translator.source.tokens.", -1, lexer_methods,
};

PyMODINIT_FUNC
PyInit__lexer(void)
{
    if (PyType_Ready(&TokenType) < 0)
        return NULL;
    for (int k = 0; k < KINDS; k++) {
        if ((kind_objects[k] = PyUnicode_InternFromString(kind_names[k])) == NULL)
            return NULL;
    }
    for (int c = 0; c < 256; c++)
        latin1_word[c] = (unsigned char)is_word_or_dollar((Py_UCS4)c);
    PyObject *module = PyModule_Create(&lexer_module);
    if (module == NULL)
        return NULL;
    Py_INCREF(&TokenType);
    if (PyModule_AddObject(module, "Token", (PyObject *)&TokenType) < 0) {
        Py_DECREF(&TokenType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
