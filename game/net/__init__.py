"""Play across computers (docs/network.md): the host runs the one session of a match
(`host`), a joined computer sends its seat's choices and throws and sees what its seat
may see (`client`), over websockets; `messages` is the wire format and its checks,
`handshake` the greeting that must match before a seat is given, `discovery` how a
joiner finds a host on the local network (a UDP broadcast) without typing its address."""
