"""Play over the network: the table server, its protocol and a client. Never imports Textual."""
