// The Socket.IO client as a chunk of its own (lib/socket.ts loads it): its own module, so that the chunk exports `io`
// itself and the bundler needs no namespace helper, which it would move into a shared chunk every page loads.
export { io } from "socket.io-client";
