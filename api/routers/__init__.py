"""One router per resource: documents, nodes and laws, references, search, rules, health."""
