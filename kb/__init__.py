"""lawdesk knowledge base: rule texts parsed into cross-linked records, searched and computed."""
