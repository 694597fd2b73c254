declare const process: { env: { NODE_ENV?: string } };
declare module '*.css';
