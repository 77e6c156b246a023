// The theme: importing this module installs the tokens and the global styles once.
import "./global.css.ts"
