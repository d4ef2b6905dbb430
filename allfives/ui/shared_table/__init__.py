"""A seat at a table shared over the network: the lobby, the table screen, the app and its launcher."""
