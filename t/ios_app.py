# ios_app.py: t/ios_app.sh's stand-in for Omnivore's iOS app: `body DOC [VARS [OLD=NEW...]]` prints the request body its SwiftGraphQL 2.3.1 posts (JSONEncoder's bytes), `decode DOC ANSWER TYPES` decodes an answer as its generated decoders do and prints what they could not read (exit 1).
import json
import re
import sys

DATE = re.compile(r'^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$')


def read_types(path):
    fields, unions, enums = {}, {}, {}
    for line in open(path, encoding='utf-8'):
        words = line.split()
        if not words or words[0].startswith('#'):
            continue
        if words[0] == 'union':
            unions[words[1]] = set(words[2:])
        elif words[0] == 'enum':
            enums[words[1]] = set(words[2:])
        else:
            fields[words[0]] = words[1]
    return fields, unions, enums


def read_doc(path):
    """the document as SwiftGraphQL prints it: one selection a line, two spaces an indent"""
    root = []
    stack = [root]
    for line in open(path, encoding='utf-8').read().split('\n')[1:]:
        s = line.strip()
        if s == '}' or s == '':
            stack.pop()
            continue
        if s == '__typename':
            stack[-1].append(('typename',))
            continue
        m = re.match(r'^\.\.\.on (\w+) \{$', s)
        if m:
            node = ('on', m.group(1), [])
            stack[-1].append(node)
            stack.append(node[2])
            continue
        m = re.match(r'^(\w+): (\w+)(\(.*\))?( \{)?$', s)
        if not m:
            raise SystemExit('cannot read the document line: ' + s)
        node = ('field', m.group(1), m.group(2), [])
        stack[-1].append(node)
        if m.group(4):
            stack.append(node[3])
    return merged(root)


def merged(sel):
    """fields of one response name merged into one, their selections joined, as GraphQL executes them (the app asks
    for pageInfo three times, each time for one field of it)"""
    out, by_alias = [], {}
    for node in sel:
        if node[0] == 'field' and node[1] in by_alias:
            by_alias[node[1]][3].extend(node[3])
            continue
        if node[0] == 'field':
            node = ('field', node[1], node[2], list(node[3]))
            by_alias[node[1]] = node
        out.append(node)
    return [('field', n[1], n[2], merged(n[3])) if n[0] == 'field' else
            ('on', n[1], merged(n[2])) if n[0] == 'on' else n for n in out]


class Decoder:
    def __init__(self, types):
        self.fields, self.unions, self.enums = types
        self.problems = []

    def bad(self, path, what):
        self.problems.append('%s: %s' % (path, what))

    def value(self, path, typ, v, sel):
        """v against the Swift type typ ('String?', '[Objects.Label]', 'Enums.PageType', 'Unions.SaveResult' ...)"""
        if typ.endswith('?'):
            if v is None:
                return
            typ = typ[:-1]
        if v is None:
            return self.bad(path, 'null or missing where the app needs a %s' % typ)
        if typ.startswith('['):
            if not isinstance(v, list):
                return self.bad(path, 'not a list')
            for i, e in enumerate(v):
                self.value('%s[%d]' % (path, i), typ[1:-1], e, sel)
            return
        kind, _, name = typ.partition('.')
        if kind == 'Enums':
            if v not in self.enums.get(name, ()):
                self.bad(path, '%r is no value of the app\'s enum %s' % (v, name))
        elif kind == 'Objects':
            self.object(path, name, v, sel)
        elif kind == 'Unions':
            if not isinstance(v, dict) or v.get('__typename') not in self.unions.get(name, ()):
                return self.bad(path, 'no __typename of the union %s' % name)
            self.object(path, None, v, sel)
        else:
            self.scalar(path, typ, v)

    def scalar(self, path, typ, v):
        ok = {'String': lambda x: isinstance(x, str),
              'Int': lambda x: isinstance(x, int) and not isinstance(x, bool),
              'Double': lambda x: isinstance(x, (int, float)) and not isinstance(x, bool),
              'Bool': lambda x: isinstance(x, bool),
              'DateTime': lambda x: isinstance(x, str) and DATE.match(x) is not None}.get(typ)
        if ok is None:
            self.bad(path, 'the type %s is not known to this checker' % typ)
        elif not ok(v):
            self.bad(path, '%r does not decode as %s%s' % (v, typ,
                     " (the app reads dates as yyyy-MM-dd'T'HH:mm:ss.SSS'Z')" if typ == 'DateTime' else ''))

    def object(self, path, tname, v, sel):
        if not isinstance(v, dict):
            return self.bad(path, 'not an object')
        known = set()
        self.walk(path, tname, v, sel, known)
        for k in v:
            if k != '__typename' and k not in known:
                self.bad(path, 'the key %s was not asked for (the app throws on an unknown key)' % k)

    def walk(self, path, tname, v, sel, known):
        for node in sel:
            if node[0] == 'typename':
                if not isinstance(v.get('__typename'), str):
                    self.bad(path, 'no __typename')
            elif node[0] == 'on':
                sub = [n for n in node[2] if n[0] == 'field']
                known.update(n[1] for n in sub)
                if v.get('__typename') == node[1]:
                    self.walk(path, node[1], v, node[2], known)
            else:
                _, alias, name, subsel = node
                known.add(alias)
                typ = self.fields.get('%s.%s' % (tname, name))
                if typ is None:
                    self.bad(path, 'no decode type for %s.%s' % (tname, name))
                    continue
                self.value(path + '.' + alias, typ, v.get(alias), subsel)


def swift_json(v):
    """Foundation's JSONEncoder with no options: compact, '/' written as '\\/', keys as the encoders give them"""
    return json.dumps(v, separators=(',', ':'), ensure_ascii=False).replace('/', '\\/')


def body(args):
    doc = open(args[0], encoding='utf-8').read()
    variables = {}
    if len(args) > 1 and args[1]:
        text = open(args[1], encoding='utf-8').read()
        for pair in args[2:]:
            old, _, new = pair.partition('=')
            text = text.replace(old, new)
        variables = json.loads(text)
    out = '{"query":' + swift_json(doc) + ',"variables":' + swift_json(variables) + '}'
    sys.stdout.buffer.write(out.encode('utf-8'))
    return 0


def decode(args):
    doc, answer, types = args[:3]
    body = json.load(open(answer, encoding='utf-8'))
    d = Decoder(read_types(types))
    if body.get('errors'):
        d.bad('errors', json.dumps(body['errors'])[:300])
    root = 'Mutation' if open(doc, encoding='utf-8').read().startswith('mutation') else 'Query'
    d.object('data', root, body.get('data'), read_doc(doc))
    for p in d.problems:
        print(p)
    return 1 if d.problems else 0


if __name__ == '__main__':
    sys.exit(body(sys.argv[2:]) if sys.argv[1] == 'body' else decode(sys.argv[2:]))
